package fold_test

import (
	"slices"
	"strings"
	"testing"

	"mishwar/internal/fold"
)

// folding is one case: given a text, when it is folded, then it reads `then`.
type folding struct{ name, given, then string }

func foldsTo(t *testing.T, cases []folding) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			if got := fold.Text(c.given); got != c.then {
				t.Errorf("fold.Text(%q) = %q, want %q", c.given, got, c.then)
			}
		})
	}
}

func TestArabicFoldsTheFormsPeopleWriteInterchangeably(t *testing.T) {
	t.Parallel()
	cases := []folding{
		{"alef with hamza below becomes bare alef", "الإسكندرية", "الاسكندريه"},
		{"alef with hamza above becomes bare alef", "أحمد", "احمد"},
		{"alef with madda becomes bare alef", "آثار", "اثار"},
		{"alef wasla becomes bare alef", "ٱلقاهرة", "القاهره"},
		{"taa marbuta becomes haa", "قلعة", "قلعه"},
		{"alef maqsura becomes yaa", "مستشفى", "مستشفي"},
		{"yaa with hamza becomes yaa", "رئيس", "رييس"},
		{"waw with hamza becomes waw", "مؤتمر", "موتمر"},
		{"diacritics are dropped", "مَسْجِدُ السُّلْطَانِ حَسَن", "مسجد السلطان حسن"},
		{"the dagger alef is dropped", "هٰذا", "هذا"},
		{"the tatweel is dropped", "مـــصـــر", "مصر"},
		{"Arabic-Indic digits become ASCII", "شارع ١٢٣", "شارع 123"},
		{"Extended Arabic-Indic digits become ASCII", "۰۱۰۰", "0100"},
		{"Arabic punctuation separates words", "القلعة، المتحف؛ النيل؟", "القلعه المتحف النيل"},
	}
	foldsTo(t, cases)
}

func TestLatinFoldsCaseAndAccents(t *testing.T) {
	t.Parallel()
	cases := []folding{
		{"upper case becomes lower case", "Baron PALACE", "baron palace"},
		{"acute and grave accents are stripped", "Café à la Rivière", "cafe a la riviere"},
		{"umlaut, cedilla and tilde are stripped", "Über Façade Señor", "uber facade senor"},
		{"a precomposed and a combining accent fold alike", "Cafe\u0301 Café", "cafe cafe"},
		{"runs of punctuation and space are one space", "Café  --  Riche", "cafe riche"},
		{"an apostrophe separates words", "Baron Empain’s Palace", "baron empain s palace"},
		{"nothing but punctuation is empty", " -- ", ""},
	}
	foldsTo(t, cases)
}

func TestWhatPeopleTypeFoldsLikeWhatOthersWrote(t *testing.T) {
	t.Parallel()
	// given what an admin wrote and what a visitor types for the same place, in each language
	for written, typed := range map[string]string{
		"مكتبة الإسكندرية ١٢٣": "مكتبه الاسكندريه 123",
		"Musée Égyptien":       "musee egyptien",
	} {
		// when both are folded, then they are the same text
		if fold.Text(written) != fold.Text(typed) {
			t.Errorf("%q folds to %q but %q to %q", written, fold.Text(written), typed, fold.Text(typed))
		}
	}
}

func TestWordsKeepsTheFirstWordsOfAQuery(t *testing.T) {
	t.Parallel()
	// given a query of three words, when at most two are kept, then they are the first two, folded
	if got, want := fold.Words("  Café — القلعة  Nile", 2), []string{"cafe", "قلعه"}; !slices.Equal(got, want) {
		t.Errorf("Words = %q, want %q", got, want)
	}
	// given a query of only punctuation, then it has no words
	if got := fold.Words(" -- ", 8); len(got) != 0 {
		t.Errorf("Words of punctuation = %q, want none", got)
	}
}

func TestAQueryWordWithTheArabicArticleFindsTheNameWithoutIt(t *testing.T) {
	t.Parallel()
	// given names as an admin wrote them, and what a visitor types with or without the article
	cases := []struct{ written, typed string }{
		{"قلعة صلاح الدين", "القلعة"},
		{"أهرامات الجيزة", "الأهرامات"},
		{"المتحف المصري الكبير", "المتحف"},
		{"المتحف المصري الكبير", "متحف"},
		{"شارع المعز", "بالمعز"},
		{"حديقة الأزهر", "والأزهر"},
		{"بيت السحيمي", "للسحيمي"},
	}
	for _, c := range cases {
		// when the query is split into words, then each is found in the folded name
		for _, w := range fold.Words(c.typed, 8) {
			if !strings.Contains(fold.Text(c.written), w) {
				t.Errorf("%q: the word %q is not in %q", c.typed, w, fold.Text(c.written))
			}
		}
	}
	// given a short word that only starts like the article, then it is kept whole
	if got := fold.Words("الف", 8); !slices.Equal(got, []string{"الف"}) {
		t.Errorf("Words(الف) = %q", got)
	}
}
