package slacktest

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func repeatJSON(item string, n int) string {
	return "[" + strings.TrimSuffix(strings.Repeat(item+",", n), ",") + "]"
}

func txt(kind, s string) string { return fmt.Sprintf(`{"type":%q,"text":%q}`, kind, s) }

func button(id, text string) string {
	return fmt.Sprintf(`{"type":"button","action_id":%q,"text":%s,"value":"v"}`, id, txt("plain_text", text))
}

func option(text, value string) string {
	return fmt.Sprintf(`{"text":%s,"value":%q}`, txt("plain_text", text), value)
}

func TestValidateBlocks(t *testing.T) {
	x := strings.Repeat
	divider := `{"type":"divider"}`
	tests := []struct {
		name    string
		surface string
		blocks  string
		want    string // a problem, "" = valid
	}{
		{"typical message", "message", `[
			{"type":"header","text":` + txt("plain_text", "Tonight") + `},
			{"type":"section","block_id":"s","text":` + txt("mrkdwn", "*hi*") + `,"accessory":` + button("acc", "Go") + `},
			{"type":"context","elements":[` + txt("mrkdwn", "a") + `,{"type":"image","image_url":"https://x.test/a.png","alt_text":"a"}]},
			{"type":"actions","elements":[` + button("a", "A") + `,` + button("b", "B") + `]},
			{"type":"rich_text","elements":[]},` + divider + `]`, ""},
		{"50 blocks", "message", repeatJSON(divider, 50), ""},
		{"51 blocks", "message", repeatJSON(divider, 51), "must be less than 51 items [json-pointer:/blocks]"},
		{"100 blocks in a modal", "modal", repeatJSON(divider, 100), ""},
		{"101 blocks on home", "home", repeatJSON(divider, 101), "must be less than 101 items [json-pointer:/blocks]"},
		{"unknown block", "message", `[{"type":"carousel"}]`, `unsupported block type "carousel" [json-pointer:/blocks/0/type]`},
		{"no type", "message", `[{}]`, "missing required field: type [json-pointer:/blocks/0/type]"},
		{"long block_id", "message", `[{"type":"divider","block_id":"` + x("b", 256) + `"}]`, "must be less than 256 characters [json-pointer:/blocks/0/block_id]"},
		{"duplicate block_id", "message", `[{"type":"divider","block_id":"a"},{"type":"divider","block_id":"a"}]`, `duplicate block_id "a" (also at /blocks/0) [json-pointer:/blocks/1/block_id]`},
		{"section text 3000 runes", "message", `[{"type":"section","text":` + txt("mrkdwn", x("é", 3000)) + `}]`, ""},
		{"section text 3001", "message", `[{"type":"section","text":` + txt("mrkdwn", x("a", 3001)) + `}]`, "must be less than 3001 characters [json-pointer:/blocks/0/text/text]"},
		{"section empty text", "message", `[{"type":"section","text":` + txt("mrkdwn", "") + `}]`, "must be more than 0 characters [json-pointer:/blocks/0/text/text]"},
		{"section without text", "message", `[{"type":"section"}]`, "must provide text or fields [json-pointer:/blocks/0]"},
		{"section 11 fields", "message", `[{"type":"section","fields":` + repeatJSON(txt("mrkdwn", "f"), 11) + `}]`, "must be less than 11 items [json-pointer:/blocks/0/fields]"},
		{"section field 2001", "message", `[{"type":"section","fields":[` + txt("plain_text", x("f", 2001)) + `]}]`, "must be less than 2001 characters [json-pointer:/blocks/0/fields/0/text]"},
		{"bad text type", "message", `[{"type":"section","text":{"type":"markdown","text":"x"}}]`, `must be one of "plain_text", "mrkdwn" [json-pointer:/blocks/0/text/type]`},
		{"mrkdwn header", "message", `[{"type":"header","text":` + txt("mrkdwn", "x") + `}]`, `must be "plain_text" [json-pointer:/blocks/0/text/type]`},
		{"header 151", "message", `[{"type":"header","text":` + txt("plain_text", x("h", 151)) + `}]`, "must be less than 151 characters [json-pointer:/blocks/0/text/text]"},
		{"context 11 elements", "message", `[{"type":"context","elements":` + repeatJSON(txt("mrkdwn", "c"), 11) + `}]`, "must be less than 11 items [json-pointer:/blocks/0/elements]"},
		{"actions 25 elements", "message", `[{"type":"actions","elements":[` + strings.Join(func() []string {
			var out []string
			for i := range 25 {
				out = append(out, button(fmt.Sprint("a", i), "x"))
			}
			return out
		}(), ",") + `]}]`, ""},
		{"actions 26 elements", "message", `[{"type":"actions","elements":` + repeatJSON(`{"type":"button","text":`+txt("plain_text", "x")+`}`, 26) + `}]`, "must be less than 26 items [json-pointer:/blocks/0/elements]"},
		{"duplicate action_id", "message", `[{"type":"actions","elements":[` + button("a", "A") + `,` + button("a", "B") + `]}]`, `duplicate action_id "a" (also at /blocks/0/elements/0) [json-pointer:/blocks/0/elements/1/action_id]`},
		{"same action_id in two blocks", "message", `[{"type":"actions","elements":[` + button("a", "A") + `]},{"type":"actions","elements":[` + button("a", "B") + `]}]`, ""},
		{"long action_id", "message", `[{"type":"actions","elements":[` + button(x("a", 256), "A") + `]}]`, "must be less than 256 characters [json-pointer:/blocks/0/elements/0/action_id]"},
		{"button text 75 emoji", "message", `[{"type":"actions","elements":[` + button("a", x("🧷", 75)) + `]}]`, ""},
		{"button text 76", "message", `[{"type":"actions","elements":[` + button("a", x("b", 76)) + `]}]`, "must be less than 76 characters [json-pointer:/blocks/0/elements/0/text/text]"},
		{"button mrkdwn text", "message", `[{"type":"actions","elements":[{"type":"button","text":` + txt("mrkdwn", "b") + `}]}]`, `must be "plain_text" [json-pointer:/blocks/0/elements/0/text/type]`},
		{"button value 2001", "message", `[{"type":"actions","elements":[{"type":"button","text":` + txt("plain_text", "b") + `,"value":"` + x("v", 2001) + `"}]}]`, "must be less than 2001 characters [json-pointer:/blocks/0/elements/0/value]"},
		{"button url 3001", "message", `[{"type":"actions","elements":[{"type":"button","text":` + txt("plain_text", "b") + `,"url":"` + x("u", 3001) + `"}]}]`, "must be less than 3001 characters [json-pointer:/blocks/0/elements/0/url]"},
		{"button style", "message", `[{"type":"actions","elements":[{"type":"button","text":` + txt("plain_text", "b") + `,"style":"blue"}]}]`, `must be one of "primary", "danger" [json-pointer:/blocks/0/elements/0/style]`},
		{"select 100 options", "message", `[{"type":"actions","elements":[{"type":"static_select","options":` + repeatJSON(option(x("o", 75), x("v", 150)), 100) + `}]}]`, ""},
		{"select 101 options", "message", `[{"type":"actions","elements":[{"type":"static_select","options":` + repeatJSON(option("o", "v"), 101) + `}]}]`, "must be less than 101 items [json-pointer:/blocks/0/elements/0/options]"},
		{"option text 76", "message", `[{"type":"actions","elements":[{"type":"static_select","options":[` + option(x("o", 76), "v") + `]}]}]`, "must be less than 76 characters [json-pointer:/blocks/0/elements/0/options/0/text/text]"},
		{"option value 151", "message", `[{"type":"actions","elements":[{"type":"static_select","options":[` + option("o", x("v", 151)) + `]}]}]`, "must be less than 151 characters [json-pointer:/blocks/0/elements/0/options/0/value]"},
		{"option without value", "message", `[{"type":"actions","elements":[{"type":"static_select","options":[{"text":` + txt("plain_text", "o") + `}]}]}]`, "missing required field: value [json-pointer:/blocks/0/elements/0/options/0/value]"},
		{"option description 76", "message", `[{"type":"actions","elements":[{"type":"static_select","options":[{"text":` + txt("plain_text", "o") + `,"value":"v","description":` + txt("plain_text", x("d", 76)) + `}]}]}]`, "must be less than 76 characters [json-pointer:/blocks/0/elements/0/options/0/description/text]"},
		{"select placeholder 151", "message", `[{"type":"actions","elements":[{"type":"static_select","placeholder":` + txt("plain_text", x("p", 151)) + `,"options":[` + option("o", "v") + `]}]}]`, "must be less than 151 characters [json-pointer:/blocks/0/elements/0/placeholder/text]"},
		{"101 option groups", "message", `[{"type":"actions","elements":[{"type":"static_select","option_groups":` + repeatJSON(`{"label":`+txt("plain_text", "g")+`,"options":[`+option("o", "v")+`]}`, 101) + `}]}]`, "must be less than 101 items [json-pointer:/blocks/0/elements/0/option_groups]"},
		{"options and groups", "message", `[{"type":"actions","elements":[{"type":"static_select","options":[` + option("o", "v") + `],"option_groups":[]}]}]`, "must provide exactly one of options or option_groups [json-pointer:/blocks/0/elements/0]"},
		{"unknown element", "message", `[{"type":"actions","elements":[{"type":"slider"}]}]`, `unsupported element type "slider" [json-pointer:/blocks/0/elements/0/type]`},
		{"text input outside input", "message", `[{"type":"actions","elements":[{"type":"plain_text_input"}]}]`, `"plain_text_input" is only allowed in an input block [json-pointer:/blocks/0/elements/0/type]`},
		{"input block", "modal", `[{"type":"input","label":` + txt("plain_text", "Note") + `,"hint":` + txt("plain_text", "h") + `,"element":{"type":"plain_text_input","action_id":"t","max_length":3000,"placeholder":` + txt("plain_text", "p") + `}}]`, ""},
		{"input label 2001", "modal", `[{"type":"input","label":` + txt("plain_text", x("l", 2001)) + `,"element":{"type":"plain_text_input"}}]`, "must be less than 2001 characters [json-pointer:/blocks/0/label/text]"},
		{"input hint 2001", "modal", `[{"type":"input","label":` + txt("plain_text", "l") + `,"hint":` + txt("plain_text", x("h", 2001)) + `,"element":{"type":"plain_text_input"}}]`, "must be less than 2001 characters [json-pointer:/blocks/0/hint/text]"},
		{"input max_length 3001", "modal", `[{"type":"input","label":` + txt("plain_text", "l") + `,"element":{"type":"plain_text_input","max_length":3001}}]`, "must be less than 3001 [json-pointer:/blocks/0/element/max_length]"},
		{"input placeholder 151", "modal", `[{"type":"input","label":` + txt("plain_text", "l") + `,"element":{"type":"plain_text_input","placeholder":` + txt("plain_text", x("p", 151)) + `}}]`, "must be less than 151 characters [json-pointer:/blocks/0/element/placeholder/text]"},
		{"button in input", "modal", `[{"type":"input","label":` + txt("plain_text", "l") + `,"element":` + button("b", "B") + `}]`, `"button" is not allowed in an input block [json-pointer:/blocks/0/element/type]`},
		{"input without element", "modal", `[{"type":"input","label":` + txt("plain_text", "l") + `}]`, "missing required field: element [json-pointer:/blocks/0/element]"},
		{"image without alt text", "message", `[{"type":"image","image_url":"https://x.test/a.png"}]`, "missing required field: alt_text [json-pointer:/blocks/0/alt_text]"},
		{"confirm title 101", "message", `[{"type":"actions","elements":[{"type":"button","text":` + txt("plain_text", "b") + `,"confirm":{"title":` + txt("plain_text", x("t", 101)) + `,"text":` + txt("plain_text", "t") + `,"confirm":` + txt("plain_text", "y") + `,"deny":` + txt("plain_text", "n") + `}}]}]`, "must be less than 101 characters [json-pointer:/blocks/0/elements/0/confirm/title/text]"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var blocks []any
			require.NoError(t, json.Unmarshal([]byte(tt.blocks), &blocks))
			got := ValidateBlocks(tt.surface, blocks)
			if tt.want == "" {
				assert.Empty(t, got)
			} else {
				assert.Contains(t, got, tt.want)
			}
		})
	}
}

func TestValidateView(t *testing.T) {
	x := strings.Repeat
	input := `{"type":"input","label":` + txt("plain_text", "l") + `,"element":{"type":"plain_text_input"}}`
	tests := []struct {
		name string
		view string
		want string
	}{
		{"modal", `{"type":"modal","title":` + txt("plain_text", x("t", 24)) + `,"submit":` + txt("plain_text", "Save") + `,"close":` + txt("plain_text", "Cancel") + `,"blocks":[` + input + `],"private_metadata":"` + x("m", 3000) + `","callback_id":"add_note"}`, ""},
		{"home", `{"type":"home","blocks":` + repeatJSON(`{"type":"divider"}`, 100) + `}`, ""},
		{"title 25", `{"type":"modal","title":` + txt("plain_text", x("t", 25)) + `,"blocks":[]}`, "must be less than 25 characters [json-pointer:/view/title/text]"},
		{"no title", `{"type":"modal","blocks":[]}`, "missing required field [json-pointer:/view/title]"},
		{"mrkdwn title", `{"type":"modal","title":` + txt("mrkdwn", "t") + `,"blocks":[]}`, `must be "plain_text" [json-pointer:/view/title/type]`},
		{"submit 25", `{"type":"modal","title":` + txt("plain_text", "t") + `,"submit":` + txt("plain_text", x("s", 25)) + `,"blocks":[]}`, "must be less than 25 characters [json-pointer:/view/submit/text]"},
		{"close 25", `{"type":"modal","title":` + txt("plain_text", "t") + `,"close":` + txt("plain_text", x("c", 25)) + `,"blocks":[]}`, "must be less than 25 characters [json-pointer:/view/close/text]"},
		{"input without submit", `{"type":"modal","title":` + txt("plain_text", "t") + `,"blocks":[` + input + `]}`, "must provide submit when the view has input blocks [json-pointer:/view/submit]"},
		{"private_metadata 3001", `{"type":"home","blocks":[],"private_metadata":"` + x("m", 3001) + `"}`, "must be less than 3001 characters [json-pointer:/view/private_metadata]"},
		{"callback_id 256", `{"type":"home","blocks":[],"callback_id":"` + x("c", 256) + `"}`, "must be less than 256 characters [json-pointer:/view/callback_id]"},
		{"bad type", `{"type":"dialog","blocks":[]}`, `must be one of "modal", "home" [json-pointer:/view/type]`},
		{"no blocks", `{"type":"home"}`, "missing required field: blocks [json-pointer:/view/blocks]"},
		{"bad block", `{"type":"home","blocks":[{"type":"header","text":` + txt("plain_text", x("h", 151)) + `}]}`, "must be less than 151 characters [json-pointer:/view/blocks/0/text/text]"},
		{"101 blocks", `{"type":"home","blocks":` + repeatJSON(`{"type":"divider"}`, 101) + `}`, "must be less than 101 items [json-pointer:/view/blocks]"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var view map[string]any
			require.NoError(t, json.Unmarshal([]byte(tt.view), &view))
			got := ValidateView(view)
			if tt.want == "" {
				assert.Empty(t, got)
			} else {
				assert.Contains(t, got, tt.want)
			}
		})
	}
}
