package normalize

// This file: health words of the other languages parents mix into their
// English (Spanish, Tagalog, French), glossed in English so the health rules read
// them as they read English. Only a small lexicon of signs, the body and
// care, not a translator: a note wholly in another language is still not
// read (docs/using.md says which words are).

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// langGloss maps a word, or a phrase of two or three words, of another
// language to the English the rules read. A word that is also an English
// word or a name ("nana", "di", "ella") is not in it.
var langGloss = withAnyNote(withHindiFalls(withHindiDenied(map[string]string{
	// Spanish.
	"calentura": "fever", "fiebre": "fever", "tos": "cough", "mocos": "snot", "respira": "breathing",
	"respiración": "breathing", "respiracion": "breathing", "vomita": "vomits", "vomitó": "vomited",
	"vomito": "vomit", "vómito": "vomit", "vomitando": "vomiting", "diarrea": "diarrhea", "sangre": "blood",
	"pañal": "diaper", "pañales": "diapers", "seco": "dry", "pipí": "pee", "pipi": "pee", "orina": "urine",
	"manchitas": "spots", "manchas": "spots", "ronchas": "bumps", "sarpullido": "rash", "rojas": "red",
	"rojo": "red", "roja": "red", "inyección": "injection", "inyeccion": "injection", "vacuna": "vaccine",
	"vacunas": "vaccines", "moretón": "bruise", "moreton": "bruise", "chichón": "bump", "chichon": "bump",
	"se cayó": "fell", "se cayo": "fell", "floja": "floppy", "flojo": "floppy", "desguanzada": "floppy",
	"desguanzado": "floppy", "no responde": "not responding", "no se mueve": "not moving", "dolor": "pain",
	"dolor de cabeza": "headache", "puntos": "stitches", "hinchado": "swollen", "hinchada": "swollen",
	"quemadura": "burn", "medicina": "medicine", "amoxicilina": "amoxicillin", "no quiere comer": "refuses to eat",
	"no come": "not eating", "tristeza": "low mood", "triste": "low mood", "desconectada": "disconnected",
	"desconectado": "disconnected", "llorando": "crying", "biberón": "bottle", "biberon": "bottle",
	"pecho": "chest", "cabeza": "head", "frente": "forehead", "muslo": "thigh", "ojos": "eyes", "oído": "ear",
	"oido": "ear", "garganta": "throat", "barriga": "tummy", "panza": "tummy", "estómago": "stomach",
	"estomago": "stomach", "piel": "skin", "boca": "mouth",
	// Tagalog.
	"lagnat": "fever", "nilalagnat": "fever", "sinat": "fever", "nilalamig": "chills", "ubo": "cough",
	"inuubo": "cough", "plema": "phlegm", "sipon": "snot", "hinga": "breathing", "huminga": "breathing",
	"paghinga": "breathing", "hingal": "panting", "hirap": "struggling", "suka": "vomit", "nagsusuka": "vomiting",
	"sumuka": "vomited", "hilik": "snoring", "dede": "feed", "kumakain": "eating", "walang gana": "no appetite",
	"tuyo": "dry", "ihi": "pee", "umiihi": "peeing", "dugo": "blood", "dilaw": "yellow", "pula": "red",
	"namumula": "red", "maputla": "pale", "matamlay": "lethargic", "pigsa": "boil", "namamaga": "swollen",
	"mainit": "hot", "bakuna": "vaccine", "nahulog": "fell", "bukol": "lump", "nalunok": "swallowed",
	"nakalunok": "swallowed", "sugat": "cut", "nasugatan": "cut", "nakagat": "bitten", "nauntog": "bumped",
	"tahi": "stitches", "masakit": "sore", "sakit": "pain", "gamot": "medicine", "lungkot": "low mood",
	"malungkot": "low mood", "iyak": "crying", "umiiyak": "crying", "buong araw": "all day",
	"buong gabi": "all night", "di ko na kaya": "i cant cope", "hindi ko na kaya": "i cant cope",
	"matigas": "hard", "mata": "eyes", "balat": "skin", "tiyan": "tummy", "ulo": "head", "noo": "forehead",
	"dibdib": "chest", "binti": "leg", "braso": "arm", "daliri": "finger", "ilong": "nose", "mukha": "face",
	"anit": "scalp", "pwet": "bottom",
	// French, as a Québécois parent mixes it in. Not "sang", "gorge",
	// "main", "pied", "front", "bras" or "plaques": English words too.
	"fièvre": "fever", "fievre": "fever", "fiévre": "fever", "frissons": "chills", "toux": "cough",
	"rhume": "cold", "respire": "breathing", "étouffe": "choking", "vomi": "vomited", "diarrhée": "diarrhea",
	"tétée": "feed", "tétées": "feeds", "tetee": "feed", "boire": "drink", "couche": "diaper",
	"couches": "diapers", "couche mouillée": "wet diaper", "couche mouillee": "wet diaper",
	"couches mouillées": "wet diapers", "mouillée": "wet", "mouillé": "wet", "pas de": "no", "selles": "stool",
	"constipé": "constipated", "constipée": "constipated", "rougeurs": "redness", "rougeur": "redness",
	"boutons": "spots", "enflé": "swollen", "enflée": "swollen", "saigne": "bleeding", "brûlure": "burn",
	"bosse": "bump", "est tombé": "fell", "est tombée": "fell", "piqûre": "shot", "piqûres": "shots",
	"piqure": "shot", "piqures": "shots", "vaccin": "vaccine", "vaccins": "vaccines", "mou": "floppy",
	"molle": "floppy", "tonus": "tone", "pleure": "crying", "pleurs": "crying", "médicament": "medicine",
	"médicaments": "medicine", "mal de tête": "headache", "mal au ventre": "tummy ache", "sein": "breast",
	"seins": "breasts", "ventre": "tummy", "tête": "head", "yeux": "eyes", "oreille": "ear", "oreilles": "ears",
	"peau": "skin", "bouche": "mouth", "nez": "nose", "jambe": "leg", "doigt": "finger", "visage": "face",
	// Hindi and Urdu in Latin letters (Hinglish, Roman Urdu), with the
	// spellings people type. Not alone "sir" or "sar" (head), "pet"
	// (tummy), "pair" (foot), "gala" or "gale" (throat), "garam" (hot:
	// "garam masala"), "sans" (breath), "pee" (drink), "roti", "tang",
	// "hath", "lal", "pili", "pila", "nila", "dane", "suji", "sooji", "kai",
	// "tika", "gira", "susu", "khun" or "sikka": English, Spanish, Tagalog,
	// Malay or Thai words, names or food; in a phrase some are ("sir dard",
	// "pet mein dard"), though no phrase starts with a common English word
	// ("feed", "do", "man", "body"), which would send most notes through the
	// phrase search. Two- to four-word phrases carry the verbs ("gir gaya":
	// fell), and hindiDenied adds "bukhar nahi hai" (no fever).
	"bukhar": "fever", "bukhaar": "fever", "bukhār": "fever", "bukar": "fever", "bhukar": "fever", "bukhr": "fever",
	"taap": "fever", "jwar": "fever", "jvar": "fever", "badan garam": "feverish", "sar garam": "feverish", "sir garam": "feverish", "matha garam": "feverish", "maatha garam": "feverish",
	"sharir garam": "feverish", "kaanp raha": "shivering", "kaanp rahi": "shivering", "kanp raha": "shivering", "kanp rahi": "shivering",
	"kapkapi": "shivering", "khansi": "cough", "khaansi": "cough", "khasi": "cough", "khaasi": "cough",
	"khaans": "cough", "khans raha": "coughing", "khans rahi": "coughing", "khaans raha": "coughing",
	"khaans rahi": "coughing", "balgam": "phlegm", "balgham": "phlegm", "zukam": "runny nose",
	"zukaam": "runny nose", "jukam": "runny nose", "jukaam": "runny nose", "sardi zukam": "cold and runny nose",
	"sardi ho": "a cold", "sardi khansi": "cold and cough", "naak band": "blocked nose",
	"nak band": "blocked nose", "naak beh": "runny nose", "naak bah": "runny nose", "naak beh rahi": "runny nose",
	"naak bah rahi": "runny nose", "saans": "breathing", "saans phool": "breathless", "sans phool": "breathless",
	"saans tez": "fast breathing", "sans tez": "fast breathing", "tez saans": "fast breathing",
	"tez sans": "fast breathing", "saans lene": "breathing", "sans lene": "breathing", "sans le": "breathing",
	"saans le": "breathing", "saans ruk": "stopped breathing", "sans ruk": "stopped breathing",
	"haanf raha": "panting", "haanf rahi": "panting", "hanf raha": "panting", "hanf rahi": "panting",
	"ulti": "vomit", "ultee": "vomit", "ulty": "vomit", "ultii": "vomit", "ultiyan": "vomiting",
	"ultiyaan": "vomiting", "ultiya": "vomiting", "qai": "vomit", "matli": "nausea", "mitli": "nausea",
	"ji machal": "nausea", "ji michla": "nausea", "dast": "diarrhea", "daast": "diarrhea", "patli potty": "watery poo", "patla potty": "watery poo", "patli tatti": "watery poo", "pani jaisi potty": "watery poo",
	"tatti": "poo", "potty mein": "in poo", "kabz": "constipation", "qabz": "constipation", "kabj": "constipation",
	"kabziyat": "constipation", "pet kharab": "upset stomach", "pet dard": "stomach pain", "pet mein dard": "stomach pain",
	"pet me dard": "stomach pain", "peshab": "pee", "peshaab": "pee", "pesab": "pee", "pishab": "pee", "soosoo": "pee", "khoon": "blood", "khoon aa": "bleeding",
	"khoon beh": "bleeding", "khoon nikal": "bleeding", "khoon nikla": "bleeding", "peela": "yellow", "peeli": "yellow",
	"peele": "yellow", "peelapan": "yellowness", "piliya": "jaundice", "peeliya": "jaundice", "neela": "blue",
	"neeli": "blue", "neele": "blue", "neela pad": "turned blue", "neeli pad": "turned blue",
	"laal": "red", "lal ho": "went red", "lal daane": "red spots",
	"lal nishan": "red marks", "daane": "spots", "daney": "spots", "phunsi": "pimples",
	"phunsiyan": "pimples", "funsi": "pimples", "funsiyan": "pimples", "khujli": "itching", "khujali": "itching",
	"kharish": "itching", "chakatte": "hives", "chakte": "hives", "chhale": "blisters", "chaale": "blisters",
	"chhala": "blister", "ghamori": "heat rash", "ghamoriyan": "heat rash", "ghamoriya": "heat rash",
	"ghamauri": "heat rash", "garmi ke daane": "heat rash", "sujan": "swollen", "soojan": "swollen",
	"sujjan": "swollen", "suj gaya": "swollen", "suj gayi": "swollen",
	"sooj gaya": "swollen", "sooj gayi": "swollen", "dard": "pain", "dardh": "pain", "dukh raha": "hurting",
	"dukh rahi": "hurting", "dukhta": "hurts", "dukhti": "hurts", "chot": "injury", "chott": "injury",
	"chot lagi": "got hurt", "chot lag": "got hurt", "takleef": "discomfort", "taklif": "discomfort",
	"taqleef": "discomfort", "jalan": "burning", "jal gaya": "burned", "jal gayi": "burned", "gir gaya": "fell",
	"gir gayi": "fell", "gir gya": "fell", "gir gyi": "fell", "gir pada": "fell", "gir padi": "fell", "gir gaye": "fell", "gira diya": "dropped", "gira di": "dropped", "takra gaya": "bumped", "takra gayi": "bumped",
	"gumad": "lump", "goomad": "lump", "kat gaya": "cut", "kat gayi": "cut", "katt gaya": "cut",
	"katt gayi": "cut", "moch": "sprain", "haddi": "bone", "nigal": "swallowed", "nigal liya": "swallowed",
	"nigal li": "swallowed", "nigal gaya": "swallowed", "nigal gayi": "swallowed", "nigla": "swallowed",
	"nigli": "swallowed", "gale mein atak": "choking", "gale me atak": "choking",
	"atak gaya": "stuck", "dum ghut": "choking", "gala kharab": "sore throat", "gala kharaab": "sore throat",
	"gale mein dard": "sore throat", "gala dard": "sore throat", "sust": "lethargic", "susth": "lethargic",
	"kamzor": "weak", "kamjor": "weak", "kamzori": "weakness", "kamjori": "weakness", "dheela": "floppy",
	"dheeli": "floppy", "dhila": "floppy", "dhili": "floppy", "uth nahi": "hard to wake", "jaag nahi": "hard to wake",
	"nahi uth": "hard to wake", "behosh": "unconscious", "behoshi": "fainting", "hosh nahi": "not responding",
	"jawab nahi": "not responding", "hil nahi": "not moving", "chakkar aa": "dizzy", "chakkar aaye": "dizzy",
	"daura pada": "had a seizure", "mirgi": "seizures", "jhatke": "jerking", "akad gaya": "stiff", "akad gayi": "stiff", "doodh": "milk", "dudh": "milk", "nahi pi": "not drinking",
	"nahi pee": "not drinking", "nahi piya": "not drinking", "nahi pita": "not drinking", "nahi piti": "not drinking",
	"nahi kha": "not eating", "nahi khaya": "not eating",
	"bhookh nahi": "no appetite", "bhook nahi": "no appetite", "bhukh nahi": "no appetite", "teeka": "vaccine", "teeke": "vaccines", "teekakaran": "vaccination", "tikakaran": "vaccination",
	"suee": "injection", "suyi": "injection", "dawai": "medicine", "dawa": "medicine",
	"dava": "medicine", "davai": "medicine", "dawaai": "medicine", "dawaiyan": "medicines", "goli": "pill",
	"goliyan": "pills", "khurak": "dose", "khuraak": "dose", "taanke": "stitches", "tanke": "stitches",
	"taanka": "stitch", "chhati": "breast", "chaati": "breast", "chhaati": "breast",
	"gaanth": "lump", "ganth": "lump", "seena": "chest", "sar dard": "headache", "sir dard": "headache",
	"sirdard": "headache", "sardard": "headache", "sar mein dard": "headache", "sir mein dard": "headache",
	"sar me dard": "headache", "sir me dard": "headache", "dhundhla": "blurry", "dhundla": "blurry",
	"dhundhala": "blurry", "dhundli": "blurry", "dhundhli": "blurry", "udaas": "sad", "udas": "sad", "udaasi": "low mood",
	"udasi": "low mood", "rona aa": "feel like crying", "rona aata": "feel like crying", "mann nahi lagta": "no interest",
	"akelapan": "lonely", "ghabrahat": "panic", "ghabrahat ho": "panic",
	"mujhse nahi ho": "i cant cope", "sambhal nahi": "i cant cope", "nahi sambhal": "i cant cope",
	"bardasht nahi": "i cant take it", "himmat nahi": "i cant cope", "marna chahti": "i want to die",
	"marna chahta": "i want to die", "mar jana chahti": "i want to die", "mar jaun": "i want to die",
	"jeena nahi chahti": "i want to die", "ro raha": "crying", "ro rahi": "crying", "ro rha": "crying",
	"ro rhi": "crying", "chup nahi": "inconsolable",
	"cheekh": "screaming", "chilla raha": "screaming", "chilla rahi": "screaming", "pait": "tummy", "paet": "tummy",
	"matha": "forehead", "maatha": "forehead", "mathe": "forehead", "aankh": "eye", "aankhen": "eyes",
	"aankhein": "eyes", "aankhon": "eyes", "ankh": "eye", "ankhen": "eyes", "ankhon": "eyes", "kaan": "ear",
	"naak": "nose", "muh": "mouth", "munh": "mouth", "mooh": "mouth", "haath": "hand", "pairon": "feet",
	"paon": "foot", "paanv": "foot", "taang": "leg", "taangein": "legs", "baanh": "arm", "bazu": "arm",
	"baazu": "arm", "ungli": "finger", "ungliyan": "fingers", "ungali": "finger", "peeth": "back", "twacha": "skin", "chamdi": "skin", "chamri": "skin", "jeebh": "tongue", "zuban": "tongue",
	"zaban": "tongue", "honth": "lips", "hont": "lips", "honthon": "lips", "masoode": "gums", "masude": "gums",
	"gardan": "neck", "ghutna": "knee", "ghutne": "knee", "kalai": "wrist", "nabhi": "belly button",
	"naabhi": "belly button", "dhunni": "belly button", "tunni": "belly button", "jaangh": "thigh", "jangh": "thigh",
	"badan": "body", "sharir": "body", "shareer": "body", "taalu": "soft spot", "talu": "soft spot",
	"khopdi": "scalp", "chehra": "face", "chehre": "face",
	"suja hua": "swollen", "sooja hua": "swollen", "suji hui": "swollen", "sooji hui": "swollen",
	"kamar dard": "back pain", "kamar mein dard": "back pain", "doodh se mana": "refusing feeds",
	"peene se mana": "refusing to drink", "thand lag gayi": "a cold",
	"sardi lag gayi": "a cold", "rote rote": "crying", "ro ro ke": "crying a lot", "ro ro kar": "crying a lot",
	"roti rehti": "keeps crying", "daure pad": "seizures", "daura aaya": "had a seizure",
	"daure aa": "seizures", "tez bukhar": "high fever", "tez bukhaar": "high fever", "bahut": "very",
	"zyada": "a lot", "jyada": "a lot", "thoda": "a little", "thodi": "a little", "subah se": "since morning",
	"raat se": "since last night", "kal raat se": "since last night", "kal se": "since yesterday",
	"bacche ko": "baby", "bachche ko": "baby",
	"isliye": "so", "nahi milegi": "wont see", "nahi milengi": "wont see", "nahi milega": "wont see",
	"nahi milenge": "wont see",
	"munna":        "baby", "munni": "baby", "bacha": "baby", "bachcha": "baby", "baccha": "baby", "bachha": "baby",
	"bacchi": "baby", "bachchi": "baby", "bachi": "baby", "gudiya": "baby", "chotu": "baby", "beti": "daughter",
	"mujhe": "i", "mujhko": "i", "mujhse": "i", "meri": "my", "mera": "my", "udaas lagta": "feel sad",
	"udaas lagti": "feel sad", "udas lagta": "feel sad", "udas lagti": "feel sad", "udaas rehti": "feel sad",
	"udas rehti": "feel sad", "dikkat": "difficulty", "susu nahi": "no pee", "peshab nahi": "no pee",
	"pesab nahi": "no pee", "sookha": "dry", "sookhi": "dry", "sukha": "dry", "safed pad gaya": "went pale",
	"safed pad gayi": "went pale", "peela pad gaya": "went pale", "peeli pad gayi": "went pale", "laal ho": "went red",
	"saans nahi le raha": "not breathing", "saans nahi le rahi": "not breathing", "sans nahi le raha": "not breathing",
	"sans nahi le rahi": "not breathing", "saans nahi le pa raha": "cant breathe", "saans nahi le pa rahi": "cant breathe",
	"saans nahi chal rahi": "not breathing", "saans nahi aa rahi": "cant breathe", "sans nahi aa rahi": "cant breathe",
	"daura pad raha": "having a seizure", "daura pad rahi": "having a seizure", "daure pad rahe": "having seizures",
	"nahi le raha": "refusing", "nahi le rahi": "refusing", "padosi ke bacche": "the neighbours kid", "padosi ka beta": "the neighbours son", "padosi ki beti": "the neighbours daughter",
	"peshab mein jalan": "burning when peeing", "susu mein jalan": "burning when peeing",
	"saans lene mein dikkat": "struggling to breathe", "saans lene me dikkat": "struggling to breathe",
	"sans lene mein dikkat": "struggling to breathe", "sans lene me dikkat": "struggling to breathe",
	"saans lene mein taklif": "struggling to breathe", "saans lene mein takleef": "struggling to breathe",
	"se gir gaya": "fell off", "se gir gayi": "fell off", "se gir gya": "fell off", "se gir gyi": "fell off",
	"chehra laal": "flushed face", "chehra lal": "flushed face",
	"rona aata hai": "feel like crying", "rona aa raha hai": "feel like crying", "roz rona aata": "feel like crying every day",
	"kaali potty": "black poo", "kali potty": "black poo", "kaala potty": "black poo", "potty kaali": "black poo",
	"neele pad": "turning blue", "gaal": "cheek", "gaalon": "cheeks", "sar pe": "on the head", "sir pe": "on the head",
	"sar par": "on the head", "sir par": "on the head", "goli kha li": "swallowed a pill", "goli kha gaya": "swallowed a pill",
	"goli kha gayi": "swallowed a pill", "galti se": "by accident", "tanke khul": "stitches came open",
	"taanke khul": "stitches came open", "dhundhla dikh": "blurry vision", "dhundla dikh": "blurry vision",
	"dhundhla dikhta": "blurry vision", "dhundla dikhta": "blurry vision", "ghabrahat ho rahi": "i feel anxious",
	"sab chhod ke chali jaun": "i want to run away", "sab chhod ke chala jaun": "i want to run away",
	"pet phool": "swollen tummy", "pet phula": "swollen tummy", "suj gaye": "swollen", "pair suj": "swollen feet",
	"bache ko": "baby", "bachay ko": "baby", "bachey ko": "baby",
	"sar pe chot": "head injury", "sir pe chot": "head injury", "sar mein chot": "head injury",
	"sir mein chot": "head injury", "sar par chot": "head injury", "sir par chot": "head injury",
	"khilona": "toy", "khilone": "toys", "sikka nigal": "swallowed a coin", "sikka kha": "swallowed a coin",
	"sikka muh": "coin in the mouth",
	"palang se": "off the bed", "bistar se": "off the bed", "sofe se": "off the sofa", "kursi se": "off the chair",
	"seedhi se": "down the stairs", "seedhiyon se": "down the stairs",
	"tabiyat kharab": "unwell", "tabiyat theek nahi": "unwell", "tabiyat thik nahi": "unwell", "tabiat kharab": "unwell",
	"tabiat theek nahi": "unwell", "tabeeyat kharab": "unwell", "tabyat kharab": "unwell", "bimaar": "sick",
	"bimar": "sick", "beemar": "sick", "bimari": "illness", "bimaari": "illness", "hichki": "hiccups",
	"hichkiyan": "hiccups", "hichkiyaan": "hiccups", "dakaar": "burp", "chheenk": "sneezing",
	"chheenkein": "sneezing", "cheenk": "sneezing", "daant nikal": "teething", "ulat diya": "spat up",
	"nakseer": "nosebleed", "paani ki kami": "dehydrated", "pani ki kami": "dehydrated", "dhadkan tez": "heart racing",
	"neend nahi aati": "i cant sleep", "neend nahi aa rahi": "i cant sleep", "doodh kam aa raha": "low milk supply",
	"doodh nahi utar raha": "low milk supply", "doodh kam piya": "drank less milk", "bohat": "very", "bohot": "very",
	"nazla": "runny nose", "teekay": "vaccines", "teekey": "vaccines",
	// Who it is about: kin outside the household and pets are someone
	// else's health ("nani ko bukhar hai").
	"nani": "grandma", "dadi": "grandma", "naniji": "grandma", "dadiji": "grandma", "nanaji": "grandpa",
	"dadaji": "grandpa", "saasu": "mother-in-law", "sasu maa": "mother-in-law", "saasu maa": "mother-in-law",
	"saas ko": "mother-in-law", "sasur": "father-in-law", "sasurji": "father-in-law", "chachi": "aunt",
	"chacha": "uncle", "mausi": "aunt", "maasi": "aunt", "bua": "aunt", "padosi": "neighbour",
	"padosan": "neighbour", "kutta": "dog", "kutte": "dog", "kutiya": "dog", "billi": "cat",
	// Running out, read with the baby, the family or the body named as a
	// sign is; errands and dose times in any note are langAnyNote's.
	"khatam ho gaya": "ran out", "khatam ho gayi": "ran out", "khatam ho gya": "ran out", "khatam ho gyi": "ran out",
	"khatam hone wali": "running low", "khatam hone wala": "running low",
})))

// withHindiFalls adds to gloss the child who fell ("beta gir gaya": the
// baby fell down); "gir gaya" alone is read "fell", as a phone or a toy
// falls too.
func withHindiFalls(gloss map[string]string) map[string]string {
	falls := []string{"gir gaya", "gir gayi", "gir gya", "gir gyi", "gir pada", "gir padi"}
	for _, who := range []string{"beta", "beti", "munna", "munni", "bacha", "bachcha", "baccha", "bachi", "bacchi", "gudiya"} {
		for _, fell := range falls {
			gloss[who+" "+fell] = "baby fell down"
		}
	}
	// "sofe se gir gayi": fell off the sofa, read whole before "sofe se".
	for _, from := range [][2]string{{"palang", "the bed"}, {"bistar", "the bed"}, {"sofe", "the sofa"}, {"kursi", "the chair"},
		{"seedhi", "the stairs"}, {"seedhiyon", "the stairs"}} {
		for _, fell := range falls {
			gloss[from[0]+" se "+fell] = "fell off " + from[1]
		}
	}
	return gloss
}

// langSelf are the glosses that name the writer, as a note of one's own
// mood does ("mujhse nahi ho raha", "rona aata hai"): read without the
// baby or the family named.
var langSelf = map[string]bool{"i cant cope": true, "i cant take it": true, "i want to die": true,
	"feel like crying": true, "feel sad": true, "no interest": true, "i feel anxious": true, "i want to run away": true}

// langAnyNote are the glosses read in any note, without the baby, the
// family or the body named: errands, dose times and "all fine" only make
// a note less of a concern ("crocin khatam ho gaya, lana hai"). Not
// running out ("inhaler khatam ho gaya, saans phool rahi hai": the sign
// beside it would stay unread while the errand is); and "sab theek tha"
// is "it was fine" ("sab theek tha then suddenly baby went blue"), not
// "all fine".
var langAnyNote = map[string]string{
	"lena hai": "need to buy", "leni hai": "need to buy", "lana hai": "need to buy", "lani hai": "need to buy",
	"laani hai": "need to buy", "kharidna hai": "need to buy", "khareedna hai": "need to buy",
	"mangwana hai": "need to order", "roz subah": "every morning", "roz raat": "every night",
	"roz shaam": "every evening", "har roz": "every day", "rozana": "daily",
	"subah shaam": "morning and evening", "din mein do baar": "twice a day",
	"din mein teen baar": "three times a day", "sab theek hai": "all fine", "sab theek": "all fine",
	"sab thik hai": "all fine", "sab thik": "all fine", "sab theek tha": "it was fine",
	"sab thik tha": "it was fine",
}

// withAnyNote adds langAnyNote's glosses to gloss.
func withAnyNote(gloss map[string]string) map[string]string {
	for k, v := range langAnyNote {
		gloss[k] = v
	}
	return gloss
}

// hindiDenied are the Hindi and Urdu signs a note may deny: "bukhar nahi
// hai", "koi khansi nahi" read "no fever", "no cough". Not the sign and
// "nahi" alone: "ulti nahi ruk rahi" is vomiting that will not stop.
var hindiDenied = []string{"bukhar", "bukhaar", "khansi", "khaansi", "ulti", "ultee", "dast", "khoon", "dard",
	"sujan", "soojan", "daane", "khujli", "zukam", "zukaam"}

// withHindiDenied adds to gloss the denials of hindiDenied's signs.
func withHindiDenied(gloss map[string]string) map[string]string {
	for _, w := range hindiDenied {
		no := "no " + gloss[w]
		for _, f := range []string{w + " nahi hai", w + " nahin hai", w + " nhi hai", w + " nahi tha", w + " nahi aaya",
			w + " nahi aayi", "koi " + w + " nahi"} {
			gloss[f] = no
		}
	}
	return gloss
}

// langContext: the glosses are read only in a note that names the baby, a
// person of the family or the body, in English or in the language ("si
// baby", "niya", "la bebé", "la nena"): a foreign word alone is too little
// to go on.
var langContext = indexPlain([]string{"bebé", "bebe", "nena", "nene", "niño", "niña", "hijo", "hija", "esposa",
	"esposo", "siya", "niya", "ako", "anak", "bunso", "bébé", "fille", "fils", "conjointe", "conjoint", "he", "she", "him",
	"her", "hes", "shes", "his", "bacha", "bachcha", "baccha", "bachha", "bacche", "bachche", "bachhe", "bacchi", "bachchi",
	"bachi", "beta", "beti", "betu", "munna", "munni", "gudiya", "chotu", "babu", "mera", "meri", "mujhe", "mujhko",
	"hamara", "humara", "hamari", "humari", "hamare", "humare", "iska", "iski", "iske", "isko", "uska", "uski", "uske",
	"usko", "woh", "mujhse", "mai", "begum", "miyan", "mere", "bache", "bachay", "bachey", "bachon", "bacchon", "biwi", "bivi", "patni", "shohar", "shauhar", "maa", "ammi", "abbu", "mumma"})

// langHeads are the first words of langGloss's phrases, so most words
// cost one lookup; langMaxWords is its longest phrase, in langWords'
// words, counted here so a longer gloss added to the list is read whole.
var langHeads, langMaxWords = func() (map[string]bool, int) {
	m, most := map[string]bool{}, 1
	for k := range langGloss {
		if i := strings.IndexByte(k, ' '); i > 0 {
			m[k[:i]] = true
		}
		most = max(most, len(langWords(k)))
	}
	return m, most
}()

// glossLanguages replaces the words of langGloss in t by their English,
// when t names the baby, the family or the body.
func glossLanguages(t string) string {
	if !langHit(t) {
		return t
	}
	words := langWords(t)
	var b strings.Builder
	last, found := 0, false
	ctx := 0 // whether t names the baby, the family or the body: 0 not yet asked
	for i := 0; i < len(words); i++ {
		top := 1
		if langHeads[t[words[i][0]:words[i][1]]] {
			top = min(langMaxWords, len(words)-i)
		}
		for n := top; n >= 1; n-- {
			phrase := t[words[i][0]:words[i+n-1][1]]
			if n > 1 {
				if strings.ContainsAny(phrase, ",.;!?:\n") {
					continue
				}
				phrase = strings.Join(strings.Fields(phrase), " ")
			}
			g, ok := langGloss[phrase]
			if !ok {
				continue
			}
			_, anyNote := langAnyNote[phrase]
			if ctx == 0 && !anyNote {
				ctx = -1
				if langContext.in(t) || childWords.in(t) || familyWords.in(t) || bodyWords.in(t) || langBody(words, t) {
					ctx = 1
				}
			}
			if ctx < 0 && !anyNote && !langSelf[g] {
				continue
			}
			found = true
			b.WriteString(t[last:words[i][0]])
			b.WriteString(g)
			last = words[i+n-1][1]
			i += n - 1
			break
		}
	}
	if !found {
		return t
	}
	b.WriteString(t[last:])
	return b.String()
}

// langBodyWords are the glosses that name the body.
var langBodyWords = map[string]bool{"chest": true, "head": true, "forehead": true, "thigh": true, "eyes": true, "ears": true, "breast": true, "breasts": true,
	"ear": true, "throat": true, "tummy": true, "stomach": true, "skin": true, "mouth": true, "leg": true, "arm": true,
	"finger": true, "nose": true, "face": true, "scalp": true, "bottom": true, "eye": true, "hand": true, "feet": true,
	"foot": true, "legs": true, "fingers": true, "back": true, "tongue": true, "lips": true, "gums": true, "neck": true,
	"knee": true, "wrist": true, "belly button": true, "body": true, "soft spot": true}

func langBody(words [][2]int, t string) bool {
	for _, w := range words {
		if langBodyWords[langGloss[t[w[0]:w[1]]]] {
			return true
		}
	}
	return false
}

// langWords are the [start, end) spans of t's words: letters, with any
// accent.
func langWords(t string) [][2]int {
	var out [][2]int
	eachLangWord(t, func(start, end int) bool {
		out = append(out, [2]int{start, end})
		return true
	})
	return out
}

// langHit reports whether a word of t is a gloss or the first word of
// one: every gloss starts at such a word, so a note without one (nearly
// every note) is left as it is before its word spans are built.
func langHit(t string) bool {
	hit := false
	eachLangWord(t, func(start, end int) bool {
		w := t[start:end]
		hit = langHeads[w]
		if !hit {
			_, hit = langGloss[w]
		}
		return !hit
	})
	return hit
}

// eachLangWord calls f with the [start, end) span of each of t's words,
// as langWords has them, until f returns false.
func eachLangWord(t string, f func(start, end int) bool) {
	start := -1
	for i := 0; i < len(t); {
		r, size := utf8.DecodeRuneInString(t[i:])
		letter := unicode.IsLetter(r)
		switch {
		case letter && start < 0:
			start = i
		case !letter && start >= 0:
			if !f(start, i) {
				return
			}
			start = -1
		}
		i += size
	}
	if start >= 0 {
		f(start, len(t))
	}
}
