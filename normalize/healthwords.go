package normalize

// This file: the vocabularies a health concern is read from. They are
// broad on purpose: a word of a kind (a symptom, a body part and what is
// wrong with it, a medicine) rather than the sentences of one note, so a
// note worded some new way is still read. All are read on text without
// apostrophes (plain): "won't" is listed as "wont".

import "strings"

// harmWords are thoughts of self-harm or of harming the baby, and of not
// wanting to live. They are always a health note, whoever else the note
// names and whatever else it says.
var harmWords = indexPlain([]string{
	"hurt myself", "hurting myself", "harm myself", "harming myself", "kill myself", "killing myself",
	"cut myself", "cutting myself", "self harm", "self-harm", "selfharm", "suicid*", "end my life", "end it all",
	"end things", "take my life", "take all the pills", "take all my pills", "overdose on",
	"dont want to be here", "dont want to be alive", "dont want to live", "dont want to exist", "dont want to wake up",
	"not want to be here", "no reason to live", "nothing to live for", "want to die", "wanna die", "wish i was dead",
	"wish i were dead", "better off dead", "better off without me", "be better off without me", "want to disappear",
	"wanna disappear", "wish i could disappear", "disappear forever",
	"wish i wasnt here", "wish i wasnt alive", "wish i hadnt had", "hurt the baby", "hurting the baby", "harm the baby",
	"harming the baby", "shake the baby",
	"shaking the baby", "drop her on purpose", "drop him on purpose",
	"throw the baby", "thoughts of hurting", "thoughts of harming", "thoughts of killing", "thoughts of ending",
	"thoughts of dying", "thoughts of death", "thoughts of smothering", "urge to hurt", "urge to harm", "urge to shake",
	"urge to smother", "urge to throw", "urge to drop", "want to hurt her", "want to hurt him", "might hurt her", "might hurt him",
	"going to hurt her", "going to hurt him", "end it all", "ending it all", "want to end it", "wanna end it", "just end it",
	"hope i dont wake up", "and not wake up", "and never wake up", "sleep forever", "want this to end", "want it all to end",
	"want it all to stop", "want everything to stop", "feel like disappearing", "like disappearing", "cant go on", "cant keep going",
	"dont think i can keep going", "dont think i can go on", "better without me", "nobody would miss me", "no one would miss me",
	"wouldnt miss me", "about ending it", "ending it", "never come back", "run away and never", "imagining dropping",
	"imagine dropping", "picturing dropping", "imagining hurting", "imagine hurting", "imagining her falling",
	"imagining him falling", "imagining throwing", "imagining drowning", "imagining smothering", "images of hurting",
})

// moodWords are a parent's own low mood, worry and thoughts after a birth:
// a health concern, with a word that support exists.
var moodWords = indexPlain([]string{
	"postpartum depression", "post partum depression", "ppd", "ppa", "postpartum anxiety", "postpartum blues",
	"baby blues", "depress*", "feeling down", "feel down", "felt down", "really down", "so down", "very down",
	"low mood", "crying a lot", "cant stop crying", "cannot stop crying", "crying all day", "crying all the time",
	"crying every day", "crying spells", "crying for no reason", "cry for no reason", "cry all the time", "anxious",
	"anxiety", "worrying", "worried sick", "constant worry", "scary thoughts", "dark thoughts",
	"bad thoughts", "intrusive*", "racing thoughts", "mind racing", "mind is racing", "mind wont stop", "cant switch off",
	"cant turn my brain off", "on edge", "dreading everything", "panic attack*", "panicky", "feel panic*", "feeling panic*", "sense of panic", "sense of dread",
	"full of dread", "constant dread", "feeling of dread", "feel like a terrible", "feel like a bad", "feel like a horrible",
	"feel like an awful", "im falling apart", "i am falling apart", "numb", "feel nothing", "feel empty",
	"feel so empty", "empty inside", "dont feel anything", "do not feel anything", "cant feel anything",
	"not bonding", "no bond", "cant bond", "dont feel bonded", "dont feel connected", "not connecting with",
	"dont love her", "dont love him", "dont love my baby", "dont love the baby", "regret having", "made a mistake having",
	"not cut out for this", "hopeless", "helpless", "worthless", "like a failure", "such a failure",
	"terrible mom", "terrible mother",
	"cant sleep even", "cannot sleep even", "cant fall asleep even", "even when the baby sleeps", "even when baby sleeps",
	"even when she sleeps", "even when he sleeps", "even when i can", "not myself", "dont feel like myself",
	"dont feel like me",
	// The partner's state as the writer tells it back: "u said u dont
	// feel like urself anymore", "you not yourself lately".
	"not yourself", "not urself", "dont feel like yourself", "dont feel like urself", "doesnt feel like herself",
	"doesnt feel like himself", "like shes going mad", "like shes going crazy", "like hes going mad",
	"like hes going crazy", "like youre going mad", "like youre going crazy",
	"scared to be left alone with her", "scared to be left alone with him", "scared to be left on her own with him",
	"scared to be left on her own with her", "scared to be left on my own with him", "scared to be left on my own with her",
	"scared to be left on his own with her", "scared to be left on his own with him",
	"afraid to be left alone with her", "afraid to be left alone with him",
	// A birth relived ("flashbacks from the emergency c-section") and the
	// night dreaded.
	"flashbacks", "dreading every night", "dreading each night", "dreading the nights",
	"dreading every day", "dreading each day", "forgetting things", "think i can do this", "can do this anymore", "can do this any more",
	"cant do this any longer", "cant do this much longer", "dont want to be a mum", "dont want to be a mom",
	"dont want to be a mother", "dont want to be a dad", "dont want to be a parent", "want my old life back",
	"wish i never had", "wish we never had", "rage", "so angry all the time", "snapping at", "cant cope", "cannot cope",
	"not coping", "can barely cope", "something bad will happen", "something bad is going to happen",
	"cant stop thinking", "so alone", "feel alone", "feel so alone", "lonely", "scared to be alone with",
	"afraid to be alone with", "not safe with", "cant do this anymore", "cant do this any more", "no joy",
	"dont enjoy anything", "stranger to my baby", "feel like a stranger", "disconnected", "detached",
	"dont recognise myself", "dont recognize myself", "images of", "visions of", "flashes of", "pictures in my head",
	"so angry", "angry all the time", "scare myself", "scares me how", "feels pointless", "everything is pointless",
	"whats the point", "no point in anything", "mistake having", "mistake becoming", "mistake to have",
	"cant keep doing this", "nothing feels", "paranoid", "obsessive", "ocd", "cant stop checking",
	"brain wont shut off", "brain wont switch off", "mind wont shut off", "mind wont switch off", "head wont shut off",
	"cant shut my brain off", "cant shut my mind off", "cant turn my mind off", "worst case scenarios", "catastrophi*",
	"spiraling", "spiralling", "what ifs", "im a bad mom", "im a bad mother", "im a bad dad", "im a bad parent",
	"shes a bad mom", "a bad mother", "such a bad mom", "im a terrible", "im an awful", "im a failure", "im failing",
	"worst mom", "worst mother", "worst dad", "useless mom", "useless mother", "bad parent", "hasnt left bed", "dont want to get out of bed", "didnt want to get out of bed", "cant face getting up",
	"everything makes me angry", "everyone makes me angry", "everything makes me cry", "everything annoys me",
	"so irritable", "irritable all", "short tempered with everyone", "not enjoying anything", "enjoy nothing",
	"dont want to see anyone", "dont want to see anybody", "dont want to talk to anyone", "worried all the time",
	"worry all the time", "worrying all the time", "cant relax", "never relax",
	"hasnt left the bed", "cant get out of bed", "wont get out of bed", "hasnt gotten out of bed", "stays in bed all day",
	"everything feels grey", "everything feels gray", "everything feels heavy", "everything is grey", "everything is gray",
	"feel grey", "feel gray", "feel flat", "not sleeping or eating", "not eating or sleeping", "lost my appetite", "better off with someone else", "better off with another", "better off with a different",
	"deserves a better mom", "deserves a better mother", "deserves a better dad", "deserves better than me",
	"the baby hates me", "baby hates me", "my baby hates me", "feel like she hates me", "feel like he hates me",
	"think she hates me", "think he hates me", "doesnt love me", "cant do anything right", "doing everything wrong",
	"do everything wrong", "failing her", "failing him", "failing at this", "failing as",
	"hate myself", "hate my life", "hate being a mom", "hate being a mother", "im a burden", "hes a burden",
	"shes a burden", "a burden to", "feel like a burden", "no patience", "lost my patience", "losing my temper",
	"lose my temper", "scream at everyone", "yell at everyone", "yelling at everyone", "screaming at everyone",
	"feel like a ghost", "going through the motions", "dont feel like her mom", "dont feel like his mom",
	"dont feel like a mom", "dont feel like her mother", "dont feel like her mum", "dont feel like his mum",
	"dont feel like a mum", "terrible mum", "bad mum", "im a bad mum", "worst mum", "useless mum", "dont feel like his mother", "dont feel like shes mine",
	"dont feel like hes mine", "babysitting someone", "and cry before", "and cry in", "cry in the car",
	"cry in the shower", "cry in the bathroom", "cry myself to sleep", "cried myself to sleep", "sit and cry",
	"and cry before", "hide and cry", "cry alone", "crying alone", "crying in the shower", "crying in the car",
	"burst into tears", "bursting into tears", "keep crying", "keeps crying", "in tears all", "in tears every",
	"talking really fast", "talking so fast", "talking super fast", "talking very fast", "talking nonstop", "talking non stop", "racing thoughts", "hearing voices",
	"feel like a robot", "like a robot", "nothing is real", "nothing feels real", "doesnt feel real", "dont feel real",
	"feels unreal", "feel unreal", "like somebody elses", "like someone elses", "on autopilot", "wont look at the baby",
	"wont hold the baby", "doesnt want to hold", "wont touch the baby", "how to keep going", "how to go on",
	"how much longer i can", "cant face the baby", "cant face the day",
	"not making sense", "not making any sense", "making no sense", "talking gibberish", "doesnt need sleep", "doesnt need any sleep", "dont need sleep", "says she doesnt need to sleep", "seeing things that arent there", "hearing things that arent there", "seeing things", "hearing things",
	// Interest, anger and feeling outside oneself, as a parent writes them.
	"no interest in anything", "no interest in doing", "no interest in her", "no interest in him",
	"no interest in the baby", "no interest in life", "no interest in seeing", "lost interest in everything",
	"lost all interest", "no energy, no interest", "no interest, no energy", "angry at everything", "angry at everyone",
	"angry with everyone", "snapped at everyone", "snap at everyone", "watching myself", "outside myself",
	"outside my body", "out of my body", "not really here", "not really there", "in a fog", "in a daze",
	"left alone with her", "left alone with him", "left alone with the baby", "alone with her today",
	"feel sad", "feeling sad", "feel so sad", "feeling so sad", "feeling very sad", "sad all the time", "always sad",
	"sad every day", "cry every day", "crying every day", "no energy for anything",
	// A mood screening scored or raised.
	"epds", "edinburgh", "mood questions", "mood questionnaire", "mood score", "mood screen*", "scored high",
	"scored a", "walking out", "walk out on", "panic every", "panic when", "panic whenever", "panic all",
	"checking hes breathing", "checking shes breathing", "check hes breathing", "check shes breathing",
	"checking he is breathing", "checking she is breathing", "check if hes breathing", "check if shes breathing",
	"checking if hes breathing", "checking if shes breathing", "checking theyre breathing", "havent laughed in", "havent smiled in", "hasnt laughed in", "hasnt smiled in", "not laughed in", "not smiled in", "feel so guilty", "feel guilty all",
	"guilty all the time", "so much guilt", "deserves better", "snap at my", "snapped at my", "snap at everyone",
	// How a parent's low mood is said by others and by the parent: a
	// word for the state, hating oneself, a dark day, the birth coming
	// back, being afraid alone with the baby, not leaving home.
	"overwhelmed", "flat and withdrawn", "seems withdrawn", "so withdrawn", "really withdrawn", "withdrawn since",
	"withdrawn all", "tearful", "teary all", "hates herself", "hates himself", "hating myself", "low affect",
	"flat affect", "not engaging with", "wont engage with", "flashbacks to", "flashbacks of", "having flashbacks", "flashbacks at night", "flashbacks every",
	"replaying in my head", "keeps replaying", "keep replaying", "replaying the birth",
	"getting flashbacks", "having a dark day", "having a really dark day", "dark days lately", "in a dark place", "scared to be on my own with",
	"afraid to be on my own with", "scared to be left alone with", "saying she cant do this", "saying he cant do this",
	"says she cant do this", "says he cant do this", "saying i cant do this", "i just cant do this",
	"havent left the house in", "havent left the flat in", "havent left the house for", "havent left the flat for",
	"seemed really low", "seemed so low",
	// The same states said of the partner, or in a second language:
	// "says she feels nothing for bub", "i am not a good mother, she
	// deserve another one".
	"feels nothing for", "felt nothing for", "feel nothing for", "not a good mother", "not a good mum", "not a good mom",
	"not a good father", "not a good dad", "not a good parent", "not good mother", "deserve another mother", "deserve a better",
	"deserves another mother", "deserve another one", "deserves another one",
	// Crying alone where no one sees, and a parent who will not hold the
	// baby.
	"sit in the car and cry", "sat in the car and cried", "sit in the car crying", "sat in the car crying",
	"cry in the car", "cried in the car", "crying in the car", "cry in the shower", "cried in the shower",
	"crying in the shower", "sat on the bathroom floor", "sit on the bathroom floor", "sitting on the bathroom floor",
	"wont hold the baby", "wont hold baby", "wont hold lo", "wont hold bub", "dont want to hold baby",
	"dont want to hold the baby", "doesnt want to hold the baby", "doesnt want to hold baby", "dont want to hold lo",
	"doesnt want to hold lo", "wont even hold",
})

// medicalWords are symptoms, injuries, worries about feeding, diapers and
// sleepiness, and questions a professional answers: a health concern
// wherever they stand in a note (figures of speech and supplies are
// masked first).
var medicalWords = indexPlain([]string{
	// A weak suck, breaths said short or fast, a body gone slack, a feed
	// thrown up: "sucking weak, take 1 hr to finish 60ml", "short fast
	// breaths", "body goes slack when i lift her".
	"weak suck", "weak sucking", "suck is weak", "suck is very weak", "sucking weak", "sucking is weak", "suck weak",
	"fast breaths", "quick breaths", "short breaths", "shallow breaths", "rapid breaths", "body goes slack", "body went slack",
	"goes all slack", "went all slack", "gone all slack", "threw it up", "threw it all up",
	// A nappy as good as dry ("diaper almost dry every change").
	"diaper almost dry", "diapers almost dry", "nappy almost dry", "nappies almost dry", "pampers almost dry",
	"diaper nearly dry", "diapers nearly dry", "nappy nearly dry", "nappies nearly dry", "pampers nearly dry",
	// Nothing kept down, however it is said ("cant keep owt down").
	"keep anything down", "keeping anything down", "kept anything down", "keep nothing down", "keeps nothing down",
	"kept nothing down", "keeping nothing down",
	// Temperature.
	"fever*", "fevr*", "feaver*", "fevor*", "fver*", "temperature", "temprature*", "temperture*", "tempreture*",
	"tempature*", "temp of", "high temp", "temps", "running a temp",
	"febrile", "chills", "shivering", "shivery", "hot to touch", "hot to the touch", "warm to touch",
	"warm to the touch", "burning up",
	"running hot", "clammy", "night sweats", "achy", "aching", "body aches",
	"feel awful", "feeling awful", "feel terrible", "feeling terrible", "feel rough", "feeling rough",
	"low grade", "low-grade", "under the weather", "not feeling well", "feeling unwell", "not well at all", "is ill",
	"was ill", "been ill", "feeling ill", "feels ill", "felt ill", "seems ill", "looks ill", "very ill", "so ill", "really ill",
	"fell ill", "got ill", "unwell", "poorly", "not feeling well", "feeling sick", "feels sick",
	// Illnesses by name.
	"sick", "illness", "flu", "covid*", "rsv", "virus", "viral", "bug going around", "stomach bug", "tummy bug",
	"strep", "uti", "infection*", "infected", "pneumonia", "bronchiolitis", "croup*", "ear infection",
	"hand foot and mouth", "hfmd", "chickenpox", "chicken pox", "measles", "whooping", "pertussis",
	"conjunctivitis", "pink eye", "roseola", "tested positive", "positive for", "came back positive", "allerg*",
	"anaphyla*",
	// Questions a professional answers.
	"is it normal", "is this normal", "is that normal", "normal for a", "normal for her", "normal for him", "normal that",
	"should i worry", "should we worry", "should i be worried", "worried about her", "worried about him",
	"worried about the baby", "is that bad", "is this bad", "is it bad", "is it serious",
	"call 911", "call an ambulance", "ambulance", "the er", "to er", "at er", "in the er", "at the er", "to the er",
	"a&e", "emergency room", "urgent care", "nurse line", "poison control", "poison*", "reaction", "reacting to",
	"symptom*", "side effect*",
	// Skin, eyes, ears.
	"rash*", "hives", "welt*", "eczema", "red spots", "purple spots", "spots that", "petechia*", "blotch*", "mottled",
	"jaundice*", "jaundic*", "yellow skin", "yellow eyes", "yellowish", "yellowy", "yellow tinge", "looks yellow",
	"looking yellow", "milia", "baby acne", "red eye", "eye goo", "goopy", "crusty", "discharge", "oozing", "ooze*",
	"pus", "puss", "weeping", "ear infection", "ear tugging", "ear pulling", "pulling at her ear*", "pulling at his ear*",
	"tugging at her ear*", "tugging at his ear*", "swollen", "swelling", "swelled", "lump", "lumps", "bulge", "bulging",
	"hernia", "umbilical", "thrush", "cradle cap", "blister*", "bruise*", "bruising", "cold sore", "bug bite*",
	"bites all over", "stung", "sunburn*",
	// Stomach, feeding, diapers.
	"spit up a lot", "spitting up a lot", "spits up a lot", "spit up is", "spitting up", "spit up looks", "spit up was", "spit up has", "spit up all", "spit up everything", "spit up after every", "spits up",
	"spitup", "spit-up", "vomit*", "vommit*", "vomming", "vom", "throwing up", "threw up", "throw up", "throws up",
	"puke*", "puking", "projectile", "been sick", "diarrh*", "diarh*", "diarea*", "diahr*", "dierr*", "diarr*", "diare*", "diaria*", "diorr*", "diorh*",
	"dihar*", "diharr*", "dirrh*", "direa*", "dyarr*", "diaher*", "diareah*", "the runs", "the squirts", "liquid poo*",
	"poo like water", "poop like water", "poop is like water", "poops are like water", "pure liquid", "water poo*",
	"loose bm*", "runny bm*", "watery bm*", "watery stool*", "watery diaper*", "watery nappy", "blowouts all day", "runny poo*",
	"watery poo*", "loose poo*", "loose stool*", "explosive poo*", "constipat*", "hasnt pooped", "not pooped",
	"hasnt pooed", "no poop", "no poo", "green poop", "black poop", "white poop", "grey poop", "gray poop",
	"pale poop", "blood", "bloody", "jelly-like", "jelly looking", "jelly-looking", "tarry", "like tar", "not eating",
	"wont eat", "isnt eating", "not drinking", "wont drink", "screams at the bottle",
	"screams at the breast", "wont latch", "cant latch",
	"not latching", "unlatching", "slow weight gain", "weight gain is slow", "poor weight gain", "slow to gain",
	"not gaining", "isnt gaining", "not feeding", "wont feed", "losing weight", "lost weight", "weight loss",
	"weight check was down", "dehydrat*", "no tears", "dry lips", "dry mouth", "cracked lips", "sunken", "soft spot",
	"fontanel*", "no pee", "no wee", "not peeing", "hasnt peed", "hasnt weed", "no urine", "bone dry",
	"dry nappy", "dry nappies", "pee smells", "dark pee", "dark urine", "burning when", "burns when", "stings when",
	"reflux", "colic*", "gassy and screaming", "sweating a lot", "sweats a lot", "sweating while", "not interested in feeding",
	"not interested in eating", "not interested in the bottle", "not interested in bottle*", "not interested in the breast",
	"not interested in milk", "not interested in food", "choking", "choked", "gagging", "gags", "gagged",
	// Breathing, colour, waking, fits.
	"breathing fast", "fast breathing", "breathing hard", "breathing heavy", "breathing funny", "breathing weird",
	"breathing strange", "breathing shallow", "shallow breathing", "noisy breathing", "breathing noisy", "rapid breathing",
	"trouble breathing", "struggling to breathe", "hard to breathe", "cant breathe", "cannot breathe",
	"cant breath", "cannot breath", "struggling to breath", "hard to breath", "in a hot car", "in the hot car",
	"not breathing", "breathing pauses", "pauses in breathing", "stops breathing", "stopped breathing",
	"stop breathing", "apnea", "apnoea", "wheez*", "cough*", "coughin", "barky", "stridor",
	"retraction*", "retracting", "sucking in", "unrespons*", "not responsive", "barely responsive", "caving in", "flaring", "flared nostrils", "head bobbing", "congest*", "stuffy*", "stuffed nose",
	"stuffed up", "blocked nose", "snotty", "snot", "runny nose", "has a cold", "got a cold", "caught a cold",
	"a bad cold", "blue lips", "lips look", "lips are blue", "lips blue", "lips went", "lips turned", "turned blue",
	"turning blue", "went blue", "goes blue", "looks blue", "a bit blue", "bluish", "blue around", "grey lips",
	"gray lips", "pale lips", "dusky", "lethargic", "lethargy", "listless", "lifeless", "dozy all day",
	"drowsy all day", "dopey all day", "sleepy all day", "groggy all day", "zonked all day", "sluggish", "drowsy", "limp", "limping",
	"floppy", "droopy", "not herself", "not himself", "not themselves", "not acting like her", "not acting like him",
	"not interested in anything", "barely moving", "not moving much", "just stares", "staring spell*", "zoned out",
	"hard to wake", "hard to rouse", "cant wake", "cannot wake", "wont wake", "wouldnt wake", "difficult to wake",
	"unrespons*",
	"very sleepy", "super sleepy", "unusually sleepy", "so sleepy all day", "sleeping all day",
	"sleeping more than", "sleeping way more", "weak cry", "high pitched cry", "high-pitched cry", "moaning",
	"inconsolable", "screaming for hours", "crying for hours", "screamed for hours", "cried for hours", "seizure*",
	"convuls*", "twitching", "jerking", "eyes rolling", "eyes rolled", "rolled back in her head", "rolled back in his head", "fainted", "feel faint", "felt faint",
	"feeling faint", "nearly fainted", "blacked out", "dizzy", "dizziness", "lightheaded", "light headed",
	"passed out", "grunting", "burnin up", "throwin up", "pukin", "vomitin", "wheezin", "chokin", "gaggin",
	"spittin up", "rag doll", "ragdoll", "rag-doll", "no muscle tone", "arms just hang", "hangs limp", "poor feed*",
	"feeding poorly", "feeds poorly", "eating poorly", "drinking poorly", "not feeding well", "not eating well",
	"sleepier than", "more sleepy than", "came back up", "comes back up", "coming back up", "brought it all up",
	"brought everything up", "brought up her whole", "brought up his whole", "brought up all", "brought up everything",
	"red dots", "purple dots", "pink dots", "tiny dots", "dont fade", "doesnt fade", "dont go white", "doesnt go white",
	"dont blanch", "doesnt blanch", "non blanching", "non-blanching", "nonblanching", "glass test",
	"jerky movements", "jerking movements", "jerked", "twitches", "twitched", "spasm*", "went stiff", "goes stiff",
	"going stiff", "body stiffen*", "stiffened", "stiffens", "staring blankly", "stares blankly", "blank stare",
	"staring into space", "coffee grounds", "coffee-ground", "coffee ground", "currant jelly", "ribs show*", "see her ribs", "see his ribs", "between her ribs", "between his ribs",
	"under her ribs", "under his ribs", "skin pulls in", "skin sucks in", "getting enough", "getting anything",
	"not enough milk", "seems starving", "always starving", "never satisfied", "never seems full", "supply dropped",
	"supply has dropped", "supply is dropping", "supply tanked", "losing my supply", "no appetite", "hit the tile",
	"hit the tiles", "hit the concrete", "hit the pavement", "hit the ground", "not like her", "not like him",
	"unlike her", "unlike him", "not her usual self", "not his usual self", "not her normal self", "not his normal self",
	"went rigid", "goes rigid", "going rigid", "rigid and", "shook for a", "shaking for a", "shook all over",
	"shook for like", "seizur*", "siezur*", "seisur*", "sezur*", "seizing", "too low", "gasping", "rattly", "rattling", "rattley", "short of breath",
	"shortness of breath", "out of breath", "heart racing", "racing heart", "palpitation*", "arching", "shaking",
	"eyes rolling", "nosebleed*", "nose bleed*", "mucus", "tongue tie", "lip tie", "latch hurts",
	"flat spot", "ear ache", "earache", "toothache", "hiccuping for", "hiccups for", "hiccupping for", "hiccuped for", "dry skin", "dry patches",
	// Falls and injuries.
	"fell off", "fell from", "fell down", "fell out of", "fell onto", "fell on her", "fell on his",
	"fell on my", "falling from", "falling off", "had a fall", "took a tumble", "tumbled", "rolled off",
	"rolled out of", "bumped head", "bumped her head", "bumped his head", "bumped my head", "banged her head",
	"banged his head", "hit her head", "hit his head", "hit my head", "hit head", "hit the floor", "head injury",
	"head bump", "concussion", "dropped the baby", "dropped baby", "dropped her on", "dropped him on", "stuck in her throat", "stuck in his throat",
	"stuck in my throat", "stuck in her nose", "stuck in his nose", "stuck in her ear", "stuck in his ear", "swallow*",
	"up her nose", "up his nose",
	"slipped in", "slipped on", "slipped off", "slipped out of", "slipped and", "went under", "drown*", "scald*",
	"burned her", "burned his", "burnt her", "burnt his", "burned my", "burnt my", "bit her tongue", "bit his tongue",
	"bit her lip", "bit his lip", "bitten", "sprain*", "fracture*", "dislocat*", "nursemaid", "stitches",
	// The body after birth.
	"mastitis", "clogged duct", "blocked duct", "plugged duct", "milk bleb", "engorged", "engorgement", "clot",
	"clots", "clotting", "bleeding", "bled", "hemorrhag*", "haemorrhag*",
	"pad an hour", "pad every hour",
	"c section wound", "headache*", "migraine*", "seeing spots", "seeing stars", "flashing lights",
	"blurred vision", "double vision", "chest pain", "in pain", "painful to pee", "painful to poop", "painful to sit", "painful to walk", "painful to feed",
	"painful to nurse", "painful to latch", "painful to stand", "painful to breathe", "painful to swallow", "painful latch",
	"painful feeds", "painful feeding", "painful poops", "painful bowel", "cant pee", "trouble peeing", "hard to pee",
	"difficulty peeing", "hurts to pee", "burns to pee", "peeing blood", "pain peeing", "pain when peeing", "hurts to poop",
	"panting", "cant get air", "struggling for air", "gasping for air", "fighting for air", "cant catch her breath",
	"cant catch his breath", "cant catch my breath", "roasting", "furnace", "like an oven", "radiating heat",
	"boiling hot", "on fire", "nothing comes out", "nothing coming out", "nothing came out", "cant poop", "no bowel movement",
	"no bm", "eyes keep rolling", "eyes roll", "feeds are getting shorter", "feeds getting shorter", "shorter feeds",
	"feeds are shorter", "tires quickly", "tires out after", "tired after 2", "tired after a few", "impossible to wake", "not acting right", "isnt acting right",
	"not acting normal", "not acting like", "acting weird", "acting strange", "acting off", "seems off", "seem off",
	"something is wrong", "somethings wrong", "something wrong with", "something isnt right", "something not right",
	"something is off", "hurts", "hurting", "aches", "cramp", "cramps", "cramping", "blurry vision", "vision is blurry",
	"preeclampsia", "pre-eclampsia", "blood pressure", "bp was", "bp is", "high bp", "incontinen*", "leaking urine",
	"prolapse", "hemorrhoid*", "haemorrhoid*", "stitches",
	// The bladder after birth, and breath short lying down.
	"hold my wee", "hold my pee", "hold my urine", "hold my bladder", "hold in my wee", "hold in my pee",
	"control my bladder", "control my bowels", "leaking wee", "leaking pee", "leak wee", "leak urine", "wet myself",
	"peed myself", "pee myself", "wee myself", "weed myself", "breathless*",
	// Numbness, and a baby drawing the legs up in pain.
	"cant feel my", "cannot feel my", "no feeling in my", "lost feeling in", "pulls her legs up", "pulls his legs up",
	"pulling her legs up", "pulling his legs up", "drawing her legs up", "drawing his legs up", "legs pulled up",
	"draws her legs up", "draws his legs up",
	// A carer's injury that keeps them from lifting the baby.
	"slipped a disc", "slipped disc", "slipped disk", "put my back out", "put his back out", "put her back out",
	"threw my back out", "threw his back out", "threw her back out", "sciatica",
	// Stomach bugs by their initials; screaming that comes in waves.
	"d&v", "d and v", "d+v", "screaming in waves", "screams in waves", "crying in waves", "pain in waves",
	"pain comes in waves", "blue round", "grey round", "gray round", "pale round", "hangs by her side",
	"hangs by his side", "hanging by her side", "hanging by his side",
	// Milk out through the nose, no wees at all, hard pellets, eyes that
	// do not follow.
	"out his nose", "out of his nose", "out her nose", "out of her nose", "through his nose", "through her nose",
	"no wees", "no pees", "no wet ones", "no wets", "pellet*", "rabbit poo*", "like pebbles", "hard poo*", "hard stool*",
	"not tracking", "not focusing", "not following", "not as alert", "less alert", "not very alert", "not alert",
	"not as active as", "less active than", "not as responsive", "less responsive",
	// Off feeds, under the bath water, hardly moving.
	"off her milk", "off his milk", "off her food", "off his food", "off her feeds", "off his feeds", "off her bottle",
	"off his bottle", "off milk", "off food", "off feeds", "flushed", "slipped under", "went under the water",
	"under the water", "face in the water", "hardly moves", "barely moves", "doesnt move much", "not moving much",
	"dazed", "isnt following", "doesnt follow", "poo has stopped", "poos have stopped", "stopped pooing",
	"stopped pooping", "not kicking", "isnt kicking", "stopped kicking", "doesnt kick", "dont kick", "hardly kicking",
	"barely kicking", "no tone", "like no tone", "lost her tone", "lost his tone", "straight back up", "coming back out",
	"tummy hard", "hard tummy", "tummy is hard", "belly hard", "hard belly", "belly is hard", "eyes half open", "wont look at me", "doesnt look at me",
})

// notMedical are phrases that hold a medical word but are not a concern:
// figures of speech, supplies, tests booked, objects that fell. They are
// blanked before the vocabularies are read.
var notMedical = indexPlain([]string{
	// Laughing till one is "in stitches".
	"had me in stitches", "have me in stitches", "has me in stitches", "had us in stitches", "has us in stitches",
	"had everyone in stitches", "in stitches laughing", "in stitches watching", "in stitches over", "in stitches at",
	"sick of", "sick and tired", "sick to death of", "feverishly", "bruiser", "blood boil", "blood boiling",
	"gave me chills", "gave me the chills", "gives me chills", "gives me the chills", "give me chills", "giving me chills",
	"giving me hives", "gives me hives", "give me hives", "gave me hives", "giving me a fever", "gives me a fever",
	"give me heartburn", "giving me heartburn", "gives me heartburn", "broke my back", "breaking my back",
	"bleeding light", "fingers crossed", "crossed fingers", "keep your fingers crossed", "overwhelmed with love", "overwhelmed by the love", "overwhelmed by all the love",
	"overwhelmed by the kindness", "overwhelmed with gratitude", "overwhelmed by the support", "bleeding money", "bleeding cash", "bleeding us dry",
	"bleeding me dry", "bleeding dry", "bleeding onto", "bleeding the clutch", "bleed the clutch",
	"bleeding the brakes", "bleed the brakes", "bled the brakes", "bleeding the radiators", "bleed the radiators",
	"bled the radiators", "running hot and cold", "blowing hot and cold", "limping along", "limped along",
	"limps along", "bleeding $", "bleeding into", "colours bleeding", "colors bleeding", "color bleeding",
	"colour bleeding", "dye bleeding", "bleeding edge", "bleeding heart", "break a leg", "computer virus", "virus scan",
	"antivirus", "anti virus", "anti-virus", "sick burn", "sick trick", "sick moves", "sick tune", "sick tunes",
	"sick pic", "sick photo", "sick shot", "sick shots", "sick goal", "sick save", "sick!", "sick playlist", "sick beat", "sick song", "sick track", "sick view", "sick ride",
	"sick deal", "sick day", "sick days", "sick leave", "sick note", "sick pay", "rash cream", "rash ointment",
	"rash paste", "rash balm", "rash spray", "rash powder", "rash guard", "rashguard", "rash vest", "rashvest", "rash decision",
	"fever-pitch", "fever pitch", "fever thermometer", "fever dream", "cabin fever", "spring fever",
	"slipped my mind", "slipped his mind", "slipped her mind", "slipped through the cracks", "cough drops",
	"cough syrup", "blood test", "blood tests", "blood work", "bloodwork", "blood draw", "blood type",
	"blood drive", "blood orange", "blood donation", "donate blood", "give blood", "giving blood",
	"blood pressure cuff", "blood pressure monitor", "such a headache", "what a headache", "is a headache",
	"was a headache", "been a headache", "real headache", "total headache", "giving me a headache", "giving me a migraine", "gave me a migraine", "gives me a migraine",
	"such a migraine", "what a migraine", "total migraine",
	"gave me a headache", "gives me a headache", "give me a headache", "giving us a headache", "headache of a",
	"pain in the neck", "pain in the butt", "pain in the ass", "pain in the backside", "swallowed my pride",
	"swallow my pride", "swallow the cost", "wheel fell off", "fell off the wall", "fell off the shelf",
	"fell off the table", "fell off the counter", "fell through", "plans fell", "burned out", "burnt out",
	"burning the candle", "burn the", "burn a", "burn some", "room temperature", "room temp", "bath temperature",
	"bath temp", "water temperature", "water temp", "nursery temperature", "nursery temp", "milk temperature",
	"bottle temperature", "temperature outside", "temperature of the bath", "temperature of the room",
	"temperature of the water", "temperature of the milk", "choking hazard", "choking hazards", "drowning in",
	"drowned out", "soft spot for", "lump sum", "all the rage", "road rage", "discharge papers",
	"discharge paperwork", "discharge summary", "discharge instructions", "hospital discharge", "goo goo",
	"goo gone", "reaction when", "reaction video", "her reaction was", "his reaction was", "reaction to the news",
	"passed out on", "passed out after", "passed out during", "passed out mid", "passed out in the car",
	"passed out in the stroller", "passed out in the carrier", "passed out cold", "shaking the", "shaking it",
	"shake it off",
	"covid test", "covid tests", "hay fever", "hayfever", "wound up", "dying for", "dying to",
	"painful to watch", "hurts my feelings", "it hurts to say",
	"breast pump*", "breast pad*", "tongue tie consult", "breast milk", "breastmilk", "breast shell*", "breast shield*",
	"nipple shield*", "nipple cream", "bottle nipple*", "nipple size", "nipples size", "nipple flow", "flow nipple*",
	"dosing syringe", "dosing cup", "dose cup", "blood sugar test", "glucose test", "flu season", "allergy form", "allergy forms", "allergy list",
	"allergy info", "keep an eye", "an eye on", "cut her nails", "cut his nails", "cut the babys nails", "cut babys nails",
	"cut baby nails", "cut her fingernails", "cut his fingernails", "cut fingernails", "cut nails", "stuck in my head",
	"caught my eye", "caught his eye", "caught her eye", "dark circles", "kick off", "kicks off", "kicking off", "kicked off", "kick up a fuss", "kicking up a fuss", "choked up", "choked me up", "chokes me up", "choke me up", "choked us up", "chokes us up",
	// A chore or a form called a headache, and the contrast toys and cards
	// a baby's eyes follow.
	"is a proper headache", "is a real headache", "is such a headache", "is a total headache", "is a massive headache",
	"is a headache", "was a headache", "its a headache", "was a proper headache", "was a real headache", "its such a headache", "black and white toy*", "black and white card*", "black and white book*",
	"black and white picture*", "black and white pattern*", "black and white mobile*", "black and white print*", "responding to my email", "respond to my email",
	"responding to emails", "respond to emails", "responding to texts", "respond to texts", "responding to my text",
	"respond to my text", "responding to my message", "responded to my email",
	"went viral", "gone viral", "go viral", "blood donor", "temp of the bath", "temp of the water", "temp of the room", "temp of the milk", "temp of the bottle", "colic drops",
	"snot sucker*", "snotsucker*", "snot vacuum",
	"anti colic", "anti-colic", "colic bottle*",
	"like its in pain", "like it is in pain", "like its dying", "like it is dying", "like its about to die",
	// A stain remover, and a ball thrown up.
	"vanish oxy", "oxy action", "oxi action", "oxy clean", "oxyclean", "oxiclean", "oxy powder", "oxy spray", "oxy soak",
	"threw it up in the air", "threw it up into the air", "threw it up high", "threw it up and caught",
	// Figures of blood and fever, and hats that flop.
	"lottery fever", "like a fever", "blood sweat and tears", "blood, sweat and tears", "blood sucking", "bloodsucking",
	"blood is boiling", "red wine", "floppy hat", "floppy hats", "floppy sun hat", "floppy sun hats",
})

// ambiguous "ill": plain() turns "I'll" into "ill"; notMedical blanks the
// common "ill <verb>" so only the illness is read.

// medicineWords name medicines and medicine in general: a health question
// in a clause that is not about the supply.
var medicineWords = indexPlain([]string{
	"tylenol", "tylenl", "tylanol", "tylenal", "tyelnol", "motrin", "motrn", "motren", "advil", "ibuprofen",
	"ibuprophen", "ibuprofin", "ibprofen", "ibuprofen", "nurofen", "acetaminophen", "acetaminophin", "acetominophen",
	"paracetamol", "paracetomol", "calpol", "aspirin", "aleve", "naproxen", "benadryl", "zyrtec", "claritin",
	"allegra", "piriton", "sudafed", "mucinex", "robitussin", "dayquil", "nyquil", "theraflu", "cold medicine",
	"cough medicine", "codeine", "oxycodone", "percocet", "norco", "hydrocodone", "tramadol", "zoloft",
	"sertraline", "prozac", "fluoxetine", "lexapro", "escitalopram", "wellbutrin", "zulresso", "zurzuvae",
	"antidepressant*", "anti depressant*", "antihistamine*", "decongestant*", "laxative*", "miralax", "suppositor*",
	"antibiotic*", "antibotic*", "anti biotic*", "amoxicillin", "amoxicilin", "amoxicillan",
	"amoxi", "amox", "augmentin", "cefdinir", "azithromycin", "zithromax", "zpack", "z-pack", "keflex",
	"cephalexin", "nystatin", "diflucan", "fluconazole", "hydrocortisone", "steroid*", "prednisone",
	"prednisolone", "melatonin", "zantac", "pepcid", "famotidine", "omeprazole",
	"prilosec", "nexium", "domperidone", "reglan", "fenugreek", "eye drops", "ear drops", "inhaler", "nebuli*",
	"albuterol", "epipen", "fever reducer", "reducer", "reducers", "pain reliever", "painkiller*", "pain killer*", "pain meds",
	"pain medication", "medicine", "medicines", "medication*", "meds", "med", "prescription", "pill", "pills",
	"birth control", "the minipill", "mini pill", "cough drops", "cough syrup",
	// Remedies given to babies, and medicines after a birth, by name.
	"gaviscon", "infacol", "colief", "dentinox", "crocin", "dioralyte", "ors", "oral rehydration", "rehydration salts",
	"rehydration sachet*", "diuretic*", "furosemide", "ranitidine", "lansoprazole", "losec", "calprofen", "movicol",
	"lactulose", "senna", "fybogel", "labetalol", "nifedipine", "methyldopa", "enoxaparin", "clexane", "heparin",
	"fragmin", "dalteparin", "metformin", "insulin", "levothyroxine", "thyroxine", "co-codamol", "cocodamol",
	"dihydrocodeine", "diclofenac", "oramorph", "morphine", "gabapentin", "citalopram", "mirtazapine",
	"propranolol", "amitriptyline", "loratadine", "cetirizine", "chlorphenamine", "hydroxyzine", "salbutamol",
	"ventolin", "clotrimazole", "canesten", "daktarin", "miconazole", "chloramphenicol", "fucidin", "flucloxacillin",
	"penicillin", "trimethoprim", "nitrofurantoin", "cefalexin", "metronidazole", "erythromycin", "clarithromycin",
	"sumatriptan", "ondansetron", "zofran", "buscopan", "lorazepam", "diazepam", "quetiapine", "olanzapine",
	"lovenox", "oxycodone", "oxy", "antifungal*", "anti fungal", "anti sickness", "antisickness",
	// Paracetamol, ibuprofen and stronger pain relief as other countries
	// sell them (round fourteen: writers in Australia, South Africa,
	// Canada, the Philippines and Europe name them as others say calpol).
	"panadol", "panamax", "dymadon", "tempra", "biogesic", "doliprane", "dafalgan", "efferalgan",
	"tachipirina", "apiretal", "dalsy", "brufen", "ben-u-ron", "benuron", "endone", "myprodol",
})

// routineDrops are supplements and remedies given every day: a health
// question only with a question about them (doseWords, routineQuestion),
// not in a note that they are given or bought.
var routineDrops = indexPlain([]string{
	"simethicone", "mylicon", "gas drops", "gripe water", "vitamin d", "vit d", "vitamin*", "multivitamin*", "multi vitamin*", "probiotic*", "iron",
	"iron pill*", "iron supplement*", "supplement*", "drops", "colic drops", "biogaia", "fish oil", "dha",
	// Teething remedies: teething is not an illness.
	"teething gel", "orajel", "bonjela", "anbesol", "teething powder*", "teething granules",
})

// doseTimeRe is a supplement's dose logged by its time or measure ("gripe
// water 5ml 7pm", "simethicone drops 10pm", "iron tablet w OJ at lunch")
// or said done ("he's had his vitamin D drops"): a dose the person on
// duty must know of, as routineQuestion's "given at" is.
var doseTimeRe = guard(`\b\d{1,2}(?:[:.]\d\d)?\s*[ap]m\b|\bat\s+(?:\d|noon|midday|midnight|lunch|breakfast|dinner|teatime|bedtime|half\s+\w)` +
	`|\b\d+\s*(?:mls?|drops)\b|\b(?:done|had\s+(?:her|his|my|their|ur|your))\b`)

// dropsVerbRe is "drops" a verb ("J drops her back sun 6pm"): no
// supplement.
var dropsVerbRe = guard(`\bdrops\s+(?:back|by|her|him|in|it|me|off|round|them|us)\b`)

// dosedAt: a supplement named and a doseTimeRe in one sentence, "done"
// or "had" in a part of it (cut at commas) that names the supplement:
// "bought vitamin d drops, laundry done" is no dose.
func dosedAt(t string) bool {
	// A sentence must name a supplement, and doseTimeRe's words ("m",
	// "at") are in nearly every note: the supplement is looked for first.
	if !routineDrops.in(t) || !doseTimeRe.MatchString(t) {
		return false
	}
	if dropsVerbRe.MatchString(t) {
		t = dropsVerbRe.ReplaceAllStringFunc(t, spaces)
	}
	for _, s := range splitClauses(t) {
		if routineDrops.in(s) && doseTimeRe.MatchString(doneAside(s)) {
			return true
		}
	}
	return false
}

// doneAside blanks "done" and "had" in the parts of sentence s that name
// no supplement.
func doneAside(s string) string {
	parts := strings.Split(s, ",")
	for i, p := range parts {
		if !routineDrops.in(p) {
			parts[i] = strings.NewReplacer("done", "    ", "had", "   ").Replace(p)
		}
	}
	return strings.Join(parts, ",")
}

var routineQuestion = indexPlain([]string{
	"how much", "how often", "how many", "how long", "when can", "what dose", "safe", "ok to", "okay to", "should i",
	"should we", "can i", "can we", "is it ok", "is it okay", "too many", "help with", "working", "not working",
	"doctor said", "dr said", "ped said", "nurse said", "prescribed", "recommended",
	// A dose missed, late or unwelcome is the family's, not an errand.
	"missed", "not given", "not had", "forgot", "forgotten", "skipped", "skip", "making me", "makes me", "made me",
	"due at", "given at", "gave at", "last one at", "last dose", "next dose", "with each feed", "with every feed",
	"in every bottle", "before each feed", "before every feed",
	// A supplement given, taken or spat out is a medicine given: the
	// person on duty must know of it, so it is not given twice.
	"given", "taken", "spat out", "spit out", "spat it", "spit it", "did anyone do", "did anyone give", "has anyone done",
	"has anyone given", "redo",
	// Given as other voices say it: "gave gripe water at 4am, didnt seem
	// to help", "iron tabs for wife w/ breakfast", "vit d drops not done".
	"mixed into", "mixed in", "not done", "didnt help",
	"didnt seem to help", "with breakfast", "with lunch", "with dinner", "with her feed", "with his feed",
})

// doseRe reads a question about a dose or a dose gone wrong: "how much
// tylenol", "gave him double", "missed a dose", "2.5ml". It is a health
// note even when the note also names the pharmacy.
var doseWords = indexPlain([]string{
	"double dose", "doubled", "double the", "gave twice", "given twice",
	"gave her twice", "gave him twice", "twice by mistake", "by accident gave", "accidentally gave",
	"accidentally took", "extra dose", "overdose*", "gave too much", "given too much", "took too much", "too much tylenol", "too much motrin", "by mistake", "wrong dose", "missed a dose", "missed dose",
	"missed her dose", "missed his dose", "missed my dose", "forgot her dose", "forgot his dose", "forgot my dose",
	"forgot to give", "how many ml", "how many mg",
	"can i give", "can we give", "should i give", "should we give", "ok to give", "okay to give", "safe to give",
	"ok to take", "okay to take", "safe to take", "is it safe", "for her weight", "for his weight", "spat out her", "spat out his", "spit out her", "spit out his",
	"is that safe", "is this safe", "can she have", "can he have", "can baby have", "when can she", "when can he",
	"while breastfeeding", "while breast feeding", "while pumping", "while nursing",
	"while bf", "while bfing", "when breastfeeding", "when pumping", "compatible with breastfeeding",
	"safe for breastfeeding", "safe with breastfeeding", "safe while",
})

// doseNouns name a dose without saying it went wrong: read after an
// errand's clauses are masked, so "2 doses of vit d left, reorder" is a
// supply.
var doseNouns = indexPlain([]string{"dose", "doses", "dosage", "dosing"})

// supplyWords mark a clause about having something (buying, packing,
// running low), not about taking it.
var supplyWords = indexPlain([]string{
	"restock*", "running low", "run low", "low on", "almost out", "nearly out", "all out", "ran out", "run out",
	"running out", "were out of", "we are out of", "im out of", "out of stock", "in stock", "need more", "needs more",
	"get more", "grab more", "buy more", "order more", "buy", "order", "ordered", "reorder", "pick up",
	"grab", "refill*", "pharmacy", "chemist", "cvs", "walgreens", "rite aid", "boots", "target",
	"costco", "amazon", "shopping list", "grocery list", "on the list", "to the list", "diaper bag",
	"first aid kit", "medicine cabinet", "cabinet", "on sale", "coupon", "transfer*", "batter*", "stock*",
	"supply", "supplies", "expired", "expiring", "insurance", "copay", "receipt*", "dropper", "syringe", "need new", "new one", "new ones", "spare", "backup", "travel size",
	"store brand", "generic", "cheaper", "price", "expiry", "expiration", "expires", "use by", "best before", "out of date",
	"pickup", "pick-up", "collect", "arrived", "for when", "just in case", "on hand", "to have on hand",
	"for the house", "for the new house", "for the car", "for the flat", "for the bag", "for the holiday", "for holiday",
	"for the trip", "for travel", "for nursery", "for daycare", "came in", "shipped", "is ready", "are ready",
	"sachet*", "holiday bag", "hospital bag",
	// Where a medicine is kept, what is left of it, and taking it back.
	"kit", "med kit", "medicine box", "medicine basket", "medicine drawer", "medicine shelf", "high shelf", "top shelf",
	"nearly empty", "almost empty", "nearly finished", "almost finished", "buy another", "get another",
	"another bottle", "leftover*", "left over", "take back", "take them back", "take it back", "repeat prescription",
	"the repeat", "a repeat", "pharmacist", "prescription form", "repeat form", "meds form", "medicine form",
	"medication form", "consent form", "form for daycare", "form at daycare", "form to daycare", "a letter about",
	"letter for", "needs a letter", "on offer", "offer at", "at superdrug", "at boots", "at tesco", "at asda",
	"at the chemist", "at target", "at walmart", "at cvs", "at walgreens",
	"from asda", "from tesco", "from sainsburys", "from aldi", "from lidl", "from morrisons", "from waitrose",
	"from superdrug", "from walmart", "from kroger", "from the shop", "from the shops", "from the store",
	"from the supermarket", "from the corner shop", "tidy", "packed", "before buying", "which one to buy",
	"changing bag", "nappy bag", "travel bag", "cupboard*", "subscription*", "subscribe", "none left", "prescription ready", "meds ready", "medicine ready",
	// Keeping medicines in order: labelled, sorted, sterilised, renewed.
	"half empty", "in one place", "steriliser", "sterilizer", "syringes", "runs out", "renewing", "renewed", "med box",
	"meds box", "stock check", "stocktake", "organiser*", "organizer*", "pill box", "dosette*", "labelled", "labeled",
	// A kit sorted through: what is nearly used up, what to throw away.
	"almost done", "nearly done", "toss", "throw away", "or throw", "keep or bin",
})

// supplyVerbs begin a clause that is an errand for a thing ("pack the
// advil", "grab saline", "order nipple cream").
var supplyVerbs = indexPlain([]string{
	"renew", "request", "collect", "fill", "submit", "post", "mail", "put away", "store", "hide", "move the",
	"buy", "pick up", "picked up", "grab", "order", "reorder", "restock", "stock up", "stock", "refill", "pack",
	"get more", "need more", "need", "return", "throw out", "toss", "replace", "label", "labelled", "labeled",
	"labelling", "labeling", "organise", "organize",
	"compare", "check stock", "get the", "get some", "get a", "sort", "sort out", "arrange", "book",
	"out of",
})

// hazardWords are what a baby should not swallow; with an ingestion word
// (ingestWords) they are a poisoning or choking concern.
var hazardWords = indexPlain([]string{
	"battery", "batteries", "button battery", "coin battery", "magnet*", "pod", "pods", "detergent", "laundry pod",
	"dishwasher pod", "tide pod", "coin", "coins", "penny", "pill", "pills", "vitamin*",
	"medicine", "meds", "chemical*", "bleach", "cleaner", "cleaning spray", "dishwasher tab*", "soap",
	"hand sanitizer", "sanitiser", "sanitizer", "nail polish", "polish remover", "perfume",
	"cigarette*", "nicotine", "vape", "weed", "edible*",
	"plant", "marble", "bead*", "cat food", "dog food", "cat litter", "litter", "dog treats", "lego*", "button", "screw", "pin", "safety pin",
	"earring", "bottle cap", "wrapper", "foil", "sponge", "silica", "tablet*", "mouthwash", "iron", "crayon*", "chalk", "play doh", "playdough", "play-doh", "slime", "soil",
	"paint", "glue", "stone", "stones", "pebble*", "balloon*", "blu tack", "bluetack", "glitter", "washing powder", "detergent powder", "dishwasher powder", "soap powder",
	"dishwasher liquid", "dishwasher gel", "washing up liquid", "washing-up liquid", "dish soap", "fabric softener", "descaler", "oven cleaner", "antifreeze", "white spirit", "adult paracetamol", "adult cough*", "adult medicine", "adult calpol", "adult tylenol", "adult ibuprofen", "adult strength", "adult dose",
	"his adult", "her adult", "my adult", "their adult", "adult meds", "adult version",
	"leaf", "bush", "houseplant*", "lily", "lilies", "daffodil*", "conker*", "acorn*", "toadstool*", "wild mushroom*",
	"nappy cream", "diaper cream", "barrier cream", "sudocrem", "bepanthen", "desitin", "zinc cream",
	"fabric conditioner", "toilet cleaner", "drain cleaner", "window cleaner", "limescale", "laundry liquid", "washing liquid", "bubble bath", "shampoo", "essential oil*", "tea tree oil", "lighter fluid", "e-liquid", "vape juice", "nail varnish",
	// Fuels kept at home, a classic poisoning where lamps and stoves burn them.
	"kerosene", "paraffin", "petrol", "gasoline", "diesel", "lamp oil", "methylated spirit*", "meths", "turpentine", "turps",
})

// ingestWords say something went into the mouth.
var ingestWords = indexPlain([]string{
	"swallow*", "ate", "eaten some", "ate some", "chewing", "chewed", "sucking", "licking", "in mouth", "mouth", "eaten", "eat some", "chewed", "chewing on", "chewed on", "bit into", "bit a", "licked",
	"sucked on", "sucking on", "chomp*", "nibbl*", "gnaw*", "munch*", "bit off", "bitten", "tasted", "drank", "drunk some", "in his mouth", "in her mouth", "in their mouth",
	"in the mouth", "into his mouth", "into her mouth", "mouthed", "mouthing", "got into", "foam", "foaming",
	"bottle open", "had the bottle", "opened the bottle", "lid off", "drank from", "chewed up",
	"sip", "sips", "a sip", "mouthful", "fingerful", "handful", "spoonful", "drinked", "swalow*", "swallowd", "eated", "gulp*", "spat it out", "missing", "drank some", "had some of", "gave her some", "gave him some", "gave adult", "crushed",
})

// bodyWords and concernWords: a part of the body and something wrong with
// it, in one clause ("gums look swollen", "peeling skin on his feet"), is
// a health concern even when neither alone would be. Words that are often
// not the body ("back", "hand", "head", "face") count only with someone's
// ("her back", "my hand").
var bodyWords = indexPlain(func() []string {
	out := []string{
		"forehead", "eye", "eyes", "eyelid*", "ear", "ears", "earlobe", "nose", "nostril*", "tongue", "lip", "lips",
		"gums", "throat", "neck", "skin", "scalp", "cheek", "cheeks", "chin", "chest", "breath*", "lung*", "ribs",
		"tummy", "belly", "stomach", "abdomen", "breast", "breasts", "nipple*", "boob*", "butt", "bum", "poop*",
		"poo", "poos", "stool*", "pee", "wee", "urine", "diaper*", "nappy", "nappies", "cord", "stump", "navel",
		"belly button", "finger*", "fingernail*", "nail bed", "toe", "toes", "calf", "calves", "thigh*", "knee*",
		"ankle*", "shin", "elbow*", "wrist*", "shoulder*", "hip", "hips", "tailbone", "pelvis", "pelvic", "perineum",
		"perineal", "vagina*", "vulva", "down there", "vision", "incision", "stitches", "scar", "wound*",
		"c section", "c-section", "csection", "c sec", "c-sec", "armpit*", "groin", "genitals", "penis", "testicle*",
		"scrotum", "foreskin", "circumcision", "spine", "joint*", "muscle*", "teeth", "tooth", "gum", "jaw",
		"bowel*", "bladder", "uterus", "womb", "bleed*", "lochia",
	}
	out = append(out, "arm", "arms", "leg", "legs", "foot", "feet", "chest", "heart")
	for _, w := range []string{"back", "hand", "hands", "head", "face", "mouth", "bottom", "body", "side"} {
		for _, who := range []string{"her", "his", "my", "their", "babys", "baby", "lo", "left", "right", "both",
			"lower", "upper", "whole", "your", "our", "its", "one", "the babys", "on her", "on his", "on my", "in her", "in his", "in my"} {
			out = append(out, who+" "+w)
		}
	}
	out = append(out, "forehead", "headache", "heart rate", "heartbeat", "pulse")
	return out
}())

var concernWords = indexPlain([]string{
	"sore", "pull in", "pulls in", "pulling in", "sinking in", "sinks in", "sink in", "bigger than the other", "larger than the other", "fatter than the other", "puffier than", "different size", "warm", "red", "redness", "reddish", "swollen", "swelling", "puffy", "bled", "blood*", "bruise*",
	"blister*", "mucus", "raw", "bulging", "racing", "pounding", "hurts", "hurt", "hurting", "pain*", "ache*",
	"aching", "itch*", "bumps", "bump", "bumpy", "spots", "spotty", "discharge", "worse", "bloated", "distended",
	"fluid", "peeling", "flaky", "crossing", "crossed", "skipping", "sweating", "sweaty", "lumps", "lump", "lumpy",
	"whitish", "white-ish", "hard and", "rattly", "smells", "smelly", "stinks", "foul", "smell", "strong smell", "cloudy", "frothy", "foamy", "twisted", "shredded", "agony", "agonising", "agonizing",
	"excruciating", "oozing", "weeping",
	"yellow", "blue", "bluish", "grey", "gray", "pale", "green", "black", "white", "orange", "purple", "dark",
	"crystal*", "brick dust", "watery", "explosive", "flushed", "blocked", "stuffed", "runny", "snotty", "in and out", "whistl*",
	"cracked", "cracking", "burn*", "burnt", "scald*", "hot", "glassy", "labored", "laboured", "struggl*",
	"crackl*", "pink*", "rock hard", "hard lump", "straining", "strains", "sting*", "tear", "tearing", "torn", "ripping", "splitting", "blurry",
	"blurred", "numb", "tingl*", "weak", "cut", "cuts", "scratch*", "gash", "scrape*", "caught", "pinched",
	"slammed", "crushed", "jammed", "stuck", "broke", "broken", "killing", "throbbing", "stabbing", "sharp",
	"tender", "opening", "gaping", "separat*", "split", "pulling apart", "came apart", "infected", "streak*",
	"patch*", "welts", "rough", "wheezy", "tight", "limp", "limping", "twitch*", "jerk*", "retraction*", "retracting", "sucking in", "unrespons*", "not responsive", "barely responsive",
	"not moving", "wont move", "doesnt move", "cold and", "ice cold", "clammy", "mottled",
	"sunken", "bone dry", "blocked", "grunt*", "weird", "weirdly", "strange", "strangely", "odd", "oddly", "flicking",
	"darting", "side to side", "twitchy", "wonky", "lopsided", "droop*", "shake", "shakes", "shaking", "shaky",
	"trembl*", "noisy", "squeaky", "squeak*", "gurgl*", "raspy", "hoarse", "snort*",
	"wet sounding", "wet sound", "honk*", "lesion*", "sores", "ulcer*", "pimple*", "pustule*", "weepy",
})

// otherPeople are people outside the family and pets, and the ways of
// caring for them (a card, soup): a note about them being unwell is not
// the family's health note, unless it names someone in the family too
// (familyWords). Each of otherNames is read alone, plural, possessive and
// with "my", "our" or "the", and with its kin ("my sister's baby"): a
// kinIndex.
var otherPeople = kinIndex{
	base: indexPlain(func() []string {
		var out []string
		for _, n := range otherNames {
			out = append(out, n, n+"s", n+"'s", "my "+n, "my "+n+"'s", "my "+n+"s", "our "+n, "our "+n+"'s", "the "+n, "the "+n+"'s")
		}
		for _, n := range []string{"mom", "mum", "dad", "mother", "father", "parents"} {
			out = append(out, "my "+n, "my "+n+"'s", "my "+n+"s", "your "+n, "your "+n+"'s")
		}
		return append(out, "next door", "next doors", "toddler next door", "kid next door", "kids next door", "get well", "get-well",
			"send flowers", "sending flowers", "send a card", "send soup", "send her soup", "send him soup", "bring soup",
			"drop off soup", "bring dinner", "bring them dinner", "drop off dinner", "meal train", "visit her in",
			"visit him in", "visiting hours", "someone else", "the cook", "our cook", "over the road", "across the road",
			"across the street",
			// Someone named by where they are met or what they do (round
			// eleven): "guy at the shop passed out", "the girl who cleans
			// the church has a cold", "UPS man's got his arm in a sling".
			"guy at the", "lady at the", "woman at the", "girl at the", "bloke at the", "fella at the",
			"girl who cleans", "lady who cleans", "man who cleans", "guy who cleans", "down the road", "up the road",
			"down the street", "ups man", "ups guy", "fedex guy", "delivery guy", "delivery man", "pastor", "vicar",
			"priest", "realtor",
			// Someone of the same building or the same work ("pihla from
			// downstairs has flu", "kid upstairs throwing up all night",
			// "Aram at work has a fever"): the person who has it, not where a
			// sound came from ("heard a thud from upstairs, she fell out of
			// bed") nor "fell downstairs".
			"from downstairs has", "from upstairs has", "from downstairs got", "from upstairs got", "kid upstairs",
			"kids upstairs", "lady down the hall", "guy down the hall", "man down the hall", "woman down the hall",
			"at work has", "at work got")
	}()),
	names: indexPlain(otherNames),
	kin:   indexPlain(otherKin),
}

var (
	otherNames = []string{
		"dog", "dogs", "doggo", "doggy", "puppy", "pup", "cat", "cats", "kitty", "kitten", "pet", "pets", "vet", "hamster",
		"rabbit", "bunny", "guinea pig", "parrot", "bird", "fish", "horse", "grandma", "grandpa", "granny", "gran",
		"grandad", "granddad", "grandmother", "grandfather", "grandparents", "nana", "nanna", "mil", "fil",
		"mother-in-law", "father-in-law", "mother in law", "father in law", "in-laws", "in laws", "sister", "brother",
		"sil", "bil", "sister-in-law", "brother-in-law", "aunt", "auntie", "aunty", "uncle", "cousin", "niece",
		"nephew", "coworker", "co-worker", "colleague", "boss", "manager", "neighbor", "neighbour", "friend",
		"best friend", "bff", "buddy", "mate", "coach",
		"bestie", "roommate", "flatmate", "babysitter", "sitter", "nanny", "childminder", "childminders", "child minder", "teacher", "classmate", "landlord",
		"team", "teammate", "office", "client", "customer", "student", "substitute",
		// More pets, the trades who come to the house, and grandparents as
		// other languages and regions call them.
		"budgie", "parakeet", "tortoise", "gerbil", "goldfish", "lizard", "plumber", "cleaner", "electrician", "builder",
		"postman", "courier", "cleaning lady", "housekeeper", "gardener", "handyman", "decorator", "window cleaner",
		// Those who work for or beside the family, and pets and neighbours
		// in the words of other languages spoken at home.
		"postie", "mail carrier", "mailman", "mail lady", "watchman", "gateman", "security guard", "doorman", "driver",
		"maid", "house girl", "househelp", "house help", "bartender", "waiter", "waitress", "sous chef", "photographer",
		"bunkmate", "granda", "grampa", "gramps", "grandpop", "assistant", "hired man", "hired hand", "farmhand", "farm hand", "ranch hand", "herdsman",
		"heifer", "heifers", "cow", "cows", "herd", "ewe", "ewes", "sheep", "goat", "goats", "cattle", "livestock",
		"perro", "perrito", "gato", "gatito", "vecina", "vecino", "tita", "tito", "nan", "nani", "dadi", "ammi", "abuela", "abuelo", "oma", "opa", "yiayia",
	}
	otherKin = []string{"baby", "kid", "kids", "son", "daughter", "husband", "wife", "partner", "boy", "girl", "little one", "toddler", "mom", "dad", "mum"}
)

// petThings are a pet's belongings, or a pet in a simile, not the pet:
// "he ate the cat food" is the baby's note.
var petThings = indexPlain([]string{"cat food", "dog food", "cat litter", "litter box", "dog treats", "cat treats",
	"dog toy", "cat toy", "dog bowl", "cat bowl", "dog bed", "cat bed", "dog hair", "cat hair", "pet food", "dog water",
	"cat water", "dog biscuit*", "dog chew*", "flea collar", "flea treatment", "dog poo*", "dog poop*",
	// A pet in a simile is not a pet: "a cry like a cat".
	"like a cat", "like a kitten", "like a puppy", "like a dog", "like a bird", "like a fish", "like a seal",
	"like a hamster", "like a rabbit",
	// A stool likened to a pet's: "poos like little rabbit pellets".
	"rabbit pellet*", "rabbit dropp*", "rabbit poo*",
	// Cow's milk is a food: "cows milk allergy" is the baby's.
	"cows milk", "cow milk"})

// petByRe is a pet that is not the one a note is about: heard ("doesnt
// even startle at the dog barking"), or doing something to the baby or
// the baby's bed ("dog knocked the moses basket, she fell out", "the cat
// scratched his arm", "scratched by the cat"). The note is the baby's; a pet that is unwell is
// the subject of its own verb ("the dog is sick") and stays someone else.
var petByRe = guard(`\b(?:the\s+|our\s+|my\s+)?(?:dog|dogs|puppy|pup|cat|cats|kitten)\s+(?:bark\w*|growl\w*|howl\w*|yapp\w*|meow\w*|miaow\w*)\b` +
	`|\b(?:the\s+|our\s+|my\s+)?(?:dog|puppy|pup|cat|kitten)\s+(?:\w+\s+){0,5}?(?:knock|knocked|scratch|scratched|bit|nipped|jumped on|jumped up on|jumped in|jumped into|landed on|pushed|stepped on|stood on|trod on|sat on|licked|pounced on)\s+(?:baby|her|him|his|lo|the baby|the basket|the bassinet|the bouncer|the buggy|the cot|the crib|the moses|the pram|the swing|them)\b` +
	// The same said of the baby: "bitten by the cat on his hand", "got
	// scratched near eye by cat".
	`|\b(?:bitten|bit|clawed|knocked|licked|nipped|pounced on|scratched|stepped on|stood on|trodden on)\s+(?:\w+\s+){0,3}?by\s+(?:the\s+|our\s+|my\s+)?(?:dog|puppy|pup|cat|kitten)\b`)

// petAside blanks the pets of petThings and petByRe: what is left names
// someone else only when a pet, or a person, is the one the note is about.
func petAside(t string) string {
	t = petThings.blank(t)
	if petByRe.may(t) {
		t = petByRe.ReplaceAllStringFunc(t, spaces)
	}
	return t
}

// familyWords name the baby or the one writing: with them, a note is the
// family's even when it names someone else too ("grandma dropped the
// baby").
var familyWords = indexPlain([]string{
	"baby", "baby's", "babies", "lo", "newborn", "infant", "bub", "i", "i'm", "i've", "i'd", "me", "my", "myself",
	"we", "our", "us", "son", "daughter", "twins", "wife", "husband", "partner", "dd", "ds", "dh", "dw", "gf", "bf",
	"hubby", "fiance", "fiancee", "spouse", "ours", "mine", "grandson", "granddaughter", "toddler", "sibling",
	"siblings",
})

// normalWords call what was seen normal ("normal yellow seedy", "like
// usual"); abnormalWords say it is not ("not the normal milky kind",
// "never seen that"). normalColours are what a normal sentence blanks.
var normalWords = indexPlain([]string{
	"normal", "normally", "like usual", "as usual", "usual", "looks fine", "look fine", "looked fine", "all fine",
	"seedy", "mustard", "healthy looking", "healthy-looking", "all good", "nothing unusual", "nothing weird",
	"nothing new", "same as always", "as always", "like always", "typical", "textbook", "standard",
})

// reassureWords say a part of the body is fine or healing.
var reassureWords = indexPlain([]string{
	"healing fine", "healing well", "healing nicely", "healing good", "healed up", "all healed", "looks fine",
	"healed nicely", "healed well", "healed fine", "healed great", "healed perfectly", "scar is fading", "fading nicely",
	"looks good", "looking good", "looks great", "all good", "no issues", "nothing to worry", "said its fine",
	"said its normal", "said it was fine", "said it was normal", "totally normal", "perfectly normal", "all clear",
	"harmless", "on their own", "on its own", "leave it", "leave them", "will pass", "clean and dry", "nothing to do",
})

var abnormalWords = indexPlain([]string{
	"not normal", "not the normal", "not her normal", "not his normal", "not its normal", "not their normal",
	"not the usual", "not her usual", "not his usual", "not its usual", "not like usual", "not like normal",
	"not as usual", "not usual", "isnt normal", "isnt usual", "doesnt look normal", "doesnt seem normal",
	"dont look normal", "not looking normal", "not normal looking", "unusual", "unusually", "abnormal*",
	"never seen", "never had", "weird colou*", "strange colou*", "different colou*", "funny colou*", "odd colou*",
	"wrong colou*", "doesnt look right", "dont look right", "not right", "looks off", "look off", "looks weird",
	"look weird", "looks wrong", "looks strange", "worrying", "worried", "concerned", "concerning", "alarming", "scary",
	"freaking out", "freaked out", "scared", "than usual", "than normal", "than before", "more often",
	// A share of the usual is a comparison, not the usual.
	"half his usual", "half her usual", "half their usual", "half the usual", "half of normal", "half of usual",
	"half of her usual", "half of his usual", "half what he", "half what she", "not like before",
})

// notAbnormal deny an abnormalWords phrase: "nothing unusual", "not
// worried". Such a sentence is calm, not a concern.
var notAbnormal = indexPlain([]string{"nothing unusual", "not unusual", "nothing abnormal", "nothing weird",
	"nothing strange", "nothing worrying", "nothing concerning", "nothing scary", "not worried", "not worrying",
	"not concerned", "not concerning", "no need to be worried", "not too worried", "wasnt worried", "arent worried"})

// abnormalIn: c says something is not normal, in a phrase it does not deny.
func abnormalIn(c string) bool { return abnormalWords.in(c) && abnormalWords.in(notAbnormal.blank(c)) }

var normalColours = indexPlain([]string{
	"yellow", "yellowish", "yellowy", "green", "greenish", "brown", "brownish", "orange", "mustard", "runny",
	"white", "whitish", "pale", "dark", "red", "reddish", "pink", "pinkish", "grey", "gray", "black", "blue",
	"bluish", "green poop", "black poop", "white poop", "grey poop", "gray poop", "pale poop", "looks yellow",
	"looking yellow", "yellow skin", "yellow eyes", "yellow tinge", "dark pee", "dark urine",
})

// outputWords are what a baby brings up or passes: with abnormalWords
// ("spit up, not the normal kind") a concern.
var outputWords = indexPlain([]string{
	"spit up", "spitup", "spit-up", "spit ups", "puke", "vomit*", "sick up", "poop*", "poo", "poos", "stool*",
	"pee", "wee", "urine", "diaper*", "nappy", "nappies", "bm", "bms", "mucus", "snot", "discharge",
})

// careVerbs begin a chore of care done to the body ("wipe behind his
// ears", "lotion on her legs", "trim nails"); careConcern are the signs
// that still make such a clause a concern ("clean the cut on his knee").
var careVerbs = indexPlain([]string{
	"wipe", "wiped", "wiping", "clean", "cleaned", "cleaning", "wash", "washed", "washing", "rinse", "bathe",
	"bath", "lotion", "moisturi*", "oil", "massage", "massaged", "rub", "rubbed", "trim", "trimmed", "trimming",
	"file", "filed", "filing", "clip", "clipped", "cut her nails", "cut his nails", "cut the babys", "cut babys",
	"cut her finger*", "cut his finger*", "cut her toe*", "cut his toe*", "cut the nails", "cut nails", "cut fingernails",
	"cut toenails", "cut my toenails", "cut my nails", "cut her hair", "cut his hair", "cut my hair", "brush", "brushed", "brushing",
	"comb", "combed", "dry", "dried", "pat dry", "put lotion", "put cream", "put oil", "put vaseline", "put socks",
	"put mittens", "apply", "applied", "dress", "dressed", "change", "changed", "swaddle", "swaddled", "tickle",
	"tickled", "kiss", "kissed", "measure", "measured", "weigh", "weighed", "check", "checked", "stretch",
	"stretches", "exercise", "exercises", "bicycle", "do bicycle", "do tummy", "tummy time", "sunscreen",
	"spf", "lather", "shampoo", "soak", "scrub", "get", "take", "teach", "practice", "practise", "photo", "pic",
})

var careConcern = indexPlain([]string{
	"cut", "cuts", "scrape*", "gash", "raw", "cracked", "bleeding", "bled", "blood*", "blister*", "sore", "sores",
	"infected", "oozing", "weeping", "swollen", "swelling", "redness", "peeling", "flaky", "burn*", "rash*",
	"bruise*", "bump", "lump*", "hurt*", "pain*", "itch*", "crust*", "pus", "scab*", "wound*", "bite", "bites",
	"splinter", "sting*", "puffy", "tender", "broken", "smell*", "stink*", "spots", "bumps", "hives", "welts",
	"dry patches", "eczema", "not normal", "worse", "spreading", "scaly", "worried", "worrying", "weird", "funny", "strange",
})
