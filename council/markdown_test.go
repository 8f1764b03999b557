package council_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/babyhandoff/babyhandoff/council"
)

// A plain viewer shows handoff.md as it is: a backslash only where a
// Markdown reader would act on the character.
func TestMarkdownTextEscapesOnlyWhatAReaderActsOn(t *testing.T) {
	for in, want := range map[string]string{
		"<3 diapers left":               "<3 diapers left",
		"wipes < 1 day, formula > half": "wipes < 1 day, formula > half",
		"38.4 fever since 6pm!":         "38.4 fever since 6pm!",
		"pay $40 co-pay (50% off)":      "pay $40 co-pay (50% off)",
		"C# class; 2+2=4; A & B":        "C# class; 2+2=4; A & B",
		"~2 hours":                      "~2 hours",
		"# heading":                     `\# heading`,
		"- list":                        `\- list`,
		"1. first":                      `1\. first`,
		"<b>bold</b> <0@0>":             `\<b>bold\</b> \<0@0>`,
		"*x* _y_ `z` [a](b)":            `\*x\* \_y\_ \` + "`z\\`" + ` \[a\](b)`,
		"&amp; ==hl== %%c%% #tag":       `\&amp; \=\=hl\=\= \%\%c\%\% \#tag`,
		"$x$ ~~s~~":                     `\$x$ \~\~s\~~`,
		`\0 \*`:                         `\0 \\\*`,
	} {
		assert.Equal(t, want, council.MarkdownText(in), in)
	}
}
