package normalize_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/babyhandoff/babyhandoff/normalize"
)

// Parents in India and Pakistan, and their families abroad, write Hindi or
// Urdu in Latin letters mixed into English (Hinglish, Roman Urdu). A note
// that names its concern only in those words is a health note, whatever
// the spelling; one that buys medicine, charts a dose, denies a sign,
// is about someone else or says food is "garam" is not.
func TestHindiUrduHealthWords(t *testing.T) {
	for _, n := range []string{
		// Fever and heat, in the spellings people type.
		"bache ko halka bukhar lag raha hai",
		"baby ko kal raat se bukhaar hai",
		"baby ko bukhar hai since morning",
		"beti ko raat se bukhaar hai, 101 dikha raha",
		"munna ka badan garam hai, thermometer nahi mil raha",
		"bacche ko tez bukhar aur kaanp raha hai",
		// Unwell, in Roman Urdu too.
		"baby ki tabiyat kharab hai subah se",
		"bachay ki tabiyat theek nahi, bohat ro raha hai",
		"beti bimaar hai, kuch nahi kha rahi",
		"baby ko nazla zukam hai aur bukhaar",
		"bachi ka pait dard ho raha, ro ro ke bura haal",
		"baby ki nakseer phoot gayi",
		"meri dhadkan tez ho jaati hai raat ko",
		// Cough, cold, blocked nose.
		"baby ko khansi ho rahi hai raat bhar",
		"beta ka naak band hai, doodh nahi pi pa raha",
		"bachi ko sardi zukam hai do din se",
		// Breathing.
		"baby ki saans tez chal rahi hai",
		"munni ko saans lene mein dikkat ho rahi hai",
		"baby haanf raha hai feed ke baad",
		// Vomiting, diarrhoea, stool.
		"baby ne 3 baar ulti ki",
		"baby ko ultee ho gayi feed ke baad",
		"baby ki ulti nahi ruk rahi",
		"baby ki potty kaali hai",
		"beta ko ultiyan ho rahi hain subah se",
		"baby ko dast lag gaye, 6 baar potty",
		"bachi ki potty mein khoon dikha",
		"baby ko patli potty ho rahi hai baar baar",
		// Urine and dry nappies.
		"baby ne subah se susu nahi kiya, diaper sookha hai",
		// Blood.
		"baby ki naak se khoon aa raha hai",
		// Colours of the body.
		"baby ki aankhen peeli lag rahi hain",
		"baby ke honth neele pad gaye",
		"baby ke pair neele pad rahe hain",
		"beta ka chehra safed pad gaya, rang udd gaya",
		"baby ka chehra laal ho gaya aur garam hai",
		// Rash, spots, itching, swelling.
		"baby ke badan pe lal daane nikle hain",
		"bachi ko bahut khujli ho rahi hai, pait pe chakatte",
		"baby ki aankh suj gayi hai",
		"teeka lagne ke baad baby ki taang mein sujan hai",
		// Pain and hurting.
		// Falls, bumps, injuries.
		"baby bed se gir gaya, sar pe gumad ho gaya",
		"beti sofe se gir gayi aur ro rahi hai",
		"baby ki ungli darwaze mein aa gayi, khoon nikla",
		"baby ka haath jal gaya, chhala pad gaya",
		"baby gir gaya palang se, sar pe chot lagi",
		"beta gir gaya aur ro raha hai",
		// Swallowed something.
		"baby ne sikka nigal liya",
		"beta ne button battery nigal li shayad",
		// Sleepy, limp, weak, unresponsive.
		"baby bahut sust hai aaj, dheela lag raha",
		"baby uth nahi raha, bahut so raha hai",
		"baby ko jhatke aa rahe the, phir behosh sa",
		// Not feeding.
		"baby doodh nahi pi raha subah se",
		"munni feed nahi le rahi 6 ghante se",
		// Vaccine and injection.
		"teeke ke baad se baby ko bukhar hai aur ro raha hai",
		// Medicine given wrong.
		"galti se baby ko double dawai de di",
		// The birthing parent: stitches, breast, bleeding, headache, vision.
		"mere taanke mein bahut dard hai aur pus",
		"mujhe bahut khoon aa raha hai delivery ke baad",
		"mujhe sir dard hai aur aankhon ke saamne dhundhla dikh raha",
		// Mood, crying, coping.
		"mujhe bahut udaas lagta hai, kuch accha nahi lagta",
		"mujhe bahut ghabrahat ho rahi hai raat ko",
		"mera mann karta hai sab chhod ke chali jaun",
		"mere tanke khul gaye lagte hain",
		"meri aankhon ke aage dhundhla dikh raha hai",
		"mere pair suj gaye hain delivery ke baad",
		"bachi ka pet phool gaya hai aur ro rahi hai",
		"baby ko bukhar nahi utar raha dawai ke baad bhi",
		"baby ne dawai ki goli kha li galti se",
		"mujhse nahi ho raha ab, sambhal nahi pa rahi",
		"mujhe roz rona aata hai, mann nahi lagta kisi cheez mein",
		// A review's probes: it was fine until the sign, not breathing,
		// a fit going on, a sign beside a supply run out, the baby's
		// fever told to someone else.
		"sab theek tha then suddenly baby went blue",
		"munna saans nahi le raha",
		"bachi ko daura pad raha hai",
		"inhaler khatam ho gaya, saans phool rahi hai",
		"dadi ko bataya, bacche ko bukhar hai",
		"baby ke pair mein sujan hai",
	} {
		assert.True(t, readsAsHealth(n), "health: %q", n)
	}
	for _, n := range []string{
		// Buying and restocking medicine.
		"baby ki dawai lena hai chemist se",
		"crocin syrup khatam ho gaya, lana hai",
		"baby ki dawai khatam hone wali hai, order karna",
		"pharmacy se vitamin d drops lena hai beta ke liye",
		"thermometer ki battery lena hai",
		"baby ki dawaiyan shelf pe rakh di",
		// Dose charts.
		"vitamin d drops rozana, baby ke liye",
		"baby ki dawai ka dose chart print karke fridge pe lagana hai",
		// Denied signs.
		"baby ko bukhar nahi hai, all good",
		"aaj koi ulti nahi, sab theek hai",
		"beta ka khansi nahi hai ab, sab thik",
		// Someone else unwell.
		"nani ko bukhar hai, aaj nahi aayengi",
		"dadi ko khansi hai isliye baby ko nahi milengi",
		"padosi ke bacche ko bukhar hai, unke ghar nahi jana",
		"kutte ne ulti kar di carpet pe, saaf karna",
		"saas ko sar dard hai, khana main bana rahi",
		// Food and heat.
		"garam masala khatam ho gaya, lana hai",
		"baby ka khana garam hai, thanda hone do",
		"doodh garam karke bottle mein daal do",
		"baby ke liye paani garam karna hai nahane ke liye",
		// Words of other languages and names that look Hindi.
		"la bebé se gira sola ahora, qué linda",
		"baby ka appointment Dr Sikka ke saath 10 baje, routine checkup",
		"baby minum susu 120ml, then slept",
		"mahaba ang pila sa clinic, baby is fine naman",
		// Everyday life with the baby.
		"baby ko hichki aa rahi hai feed ke baad",
		"baby ne dakaar li aur so gaya",
		"baby ke daant nikal rahe hain, thoda chidchida hai",
		"baby ne thoda doodh ulat diya, normal hai",
		"baby so gaya 8 baje, bahut accha sota hai",
		"beta ne aaj pehli baar muh mein anguta daala, so cute",
		"baby ke nails kaatne hain",
		"munni ke liye naye kapde lene hai",
		"baby ki photo khinchwani hai passport ke liye",
		"baby ka doodh ka dabba lena hai, chhota wala",
		"bachi ko teeke ke liye appointment 15 tarikh ko",
		"teekakaran card ki copy banwani hai",
		"baby ke diaper ka packet lena hai",
		"mummy papa aa rahe hain sunday ko",
		"beta ke haath pe mehendi lagayi, bahut pyaara",
		"dawa bazaar wale ko call karna hai bill ke liye",
		"baby ka khilona gir gaya sofe ke neeche",
		"baby ki bottle gir gayi, doosri banao",
		"mera phone gir gaya baby ke room mein",
		"baby ki dadi ka birthday hai kal",
		"baby ke liye sardi ke kapde lene hai",
		"baby ka kamra garam rakhna",
		"baby ke daant nikal rahe hain, sab kuch muh mein daalta hai",
		"baby ka weight 6 kg ho gaya, doctor ne bola sab theek",
	} {
		assert.False(t, readsAsHealth(n), "everyday: %q", n)
	}
}

// A weak sign told only in Hindi or Urdu (a pain, a burning, a lump, long
// crying) is read by the rules, as the council reads a plan's words; the
// learned model, trained on English notes, may still set such a note
// aside, as it does a weak sign in English it is sure is everyday.
func TestHindiUrduWeakSignsReadByTheRules(t *testing.T) {
	for _, n := range []string{
		"baby ke peshab mein jalan lag rahi hai",
		"baby ke kaan mein dard lag raha hai, kaan pakad ke ro raha",
		"munna ka pet dard ho raha hai shayad",
		"meri chhati mein gaanth hai aur laal hai",
		"baby 3 ghante se ro raha hai, chup nahi ho raha",
		"meri kamar mein dard hai delivery ke baad se",
	} {
		assert.True(t, normalize.IsHealth(n), "health: %q", n)
	}
	for _, n := range []string{"bukhar", "khansi aur zukam ka season aa gaya", "dawai khatam ho gayi, lana hai"} {
		assert.False(t, normalize.IsHealth(n), "everyday: %q", n)
	}
}
