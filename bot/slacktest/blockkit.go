package slacktest

import (
	"encoding/json"
	"fmt"
	"unicode/utf8"
)

// Slack's documented limits, which a real workspace enforces by rejecting
// the call; the fake rejects the same payloads so tests catch them first.
const (
	maxMessageText   = 40000
	maxMessageBlocks = 50
	maxViewBlocks    = 100
)

// text object kinds accepted where a text object is expected.
const (
	anyText   = ""
	plainText = "plain_text"
)

// inputOnly elements are rejected outside input blocks.
var inputOnly = map[string]bool{
	"plain_text_input": true, "email_text_input": true, "url_text_input": true, "number_input": true,
	"file_input": true, "rich_text_input": true,
}

// notInInput elements are rejected inside input blocks.
var notInInput = map[string]bool{"button": true, "overflow": true, "workflow_button": true, "image": true}

// knownElements lists the interactive element types the fake accepts.
var knownElements = map[string]bool{
	"button": true, "checkboxes": true, "datepicker": true, "datetimepicker": true, "timepicker": true,
	"image": true, "overflow": true, "radio_buttons": true, "workflow_button": true,
	"static_select": true, "external_select": true, "users_select": true, "conversations_select": true, "channels_select": true,
	"multi_static_select": true, "multi_external_select": true, "multi_users_select": true,
	"multi_conversations_select": true, "multi_channels_select": true,
	"plain_text_input": true, "email_text_input": true, "url_text_input": true, "number_input": true,
	"file_input": true, "rich_text_input": true,
}

// checker collects problems as Slack words them: "… [json-pointer:/path]".
type checker struct {
	surface string
	probs   []string
}

func (k *checker) addf(path, format string, args ...any) {
	k.probs = append(k.probs, fmt.Sprintf(format, args...)+" [json-pointer:"+path+"]")
}

// ValidateBlocks checks blocks against Slack's Block Kit limits for a surface
// ("message", "modal" or "home") and returns the problems found, each with a
// JSON pointer such as "[json-pointer:/blocks/3/text/text]"; nil means valid.
func ValidateBlocks(surface string, blocks []any) []string {
	k := &checker{surface: surface}
	k.blocks("/blocks", blocks)
	return k.probs
}

// ValidateView checks a modal or Home tab view object (as sent to views.*)
// and returns the problems found, with paths under /view.
func ValidateView(view map[string]any) []string {
	k := &checker{}
	typ, _ := view["type"].(string)
	switch typ {
	case "modal", "home":
		k.surface = typ
	default:
		k.surface = "modal"
		k.addf("/view/type", `must be one of "modal", "home"`)
	}
	var blocks []any
	switch b := view["blocks"].(type) {
	case nil:
		k.addf("/view/blocks", "missing required field: blocks")
	case []any:
		blocks = b
		k.blocks("/view/blocks", b)
	default:
		k.addf("/view/blocks", "must provide an array")
	}
	if typ == "modal" {
		k.text("/view/title", view["title"], plainText, 24, true)
		k.text("/view/close", view["close"], plainText, 24, false)
		k.text("/view/submit", view["submit"], plainText, 24, false)
		if view["submit"] == nil && hasInputBlock(blocks) {
			k.addf("/view/submit", "must provide submit when the view has input blocks")
		}
	}
	k.str("/view/private_metadata", view["private_metadata"], 3000)
	k.str("/view/callback_id", view["callback_id"], 255)
	k.str("/view/external_id", view["external_id"], 255)
	return k.probs
}

func hasInputBlock(blocks []any) bool {
	for _, b := range blocks {
		if m, ok := b.(map[string]any); ok && m["type"] == "input" {
			return true
		}
	}
	return false
}

func (k *checker) blocks(path string, blocks []any) {
	limit := maxMessageBlocks
	if k.surface == "modal" || k.surface == "home" {
		limit = maxViewBlocks
	}
	if len(blocks) > limit {
		k.addf(path, "must be less than %d items", limit+1)
	}
	blockIDs := map[string]string{}
	for i, b := range blocks {
		p := fmt.Sprintf("%s/%d", path, i)
		m, ok := b.(map[string]any)
		if !ok {
			k.addf(p, "must provide an object")
			continue
		}
		k.block(p, m, blockIDs)
	}
}

func (k *checker) block(p string, b map[string]any, blockIDs map[string]string) {
	if v, ok := b["block_id"]; ok {
		if id, isStr := v.(string); isStr && id != "" {
			if first, dup := blockIDs[id]; dup {
				k.addf(p+"/block_id", "duplicate block_id %q (also at %s)", id, first)
			}
			blockIDs[id] = p
		}
		k.nonEmptyStr(p+"/block_id", v, 255)
	}
	typ, _ := b["type"].(string)
	switch typ {
	case "section":
		if b["text"] == nil && b["fields"] == nil {
			k.addf(p, "must provide text or fields")
		}
		k.text(p+"/text", b["text"], anyText, 3000, false)
		for i, f := range k.list(p+"/fields", b["fields"], 0, 10) {
			k.text(fmt.Sprintf("%s/fields/%d", p, i), f, anyText, 2000, true)
		}
		if acc, ok := b["accessory"]; ok {
			k.element(p+"/accessory", acc, "accessory", map[string]string{})
		}
	case "divider", "rich_text", "video", "file", "call", "table":
		// Accepted as is: the fake checks only what bots commonly get wrong.
	case "header":
		k.text(p+"/text", b["text"], plainText, 150, true)
	case "context":
		for i, e := range k.list(p+"/elements", b["elements"], 1, 10) {
			ep := fmt.Sprintf("%s/elements/%d", p, i)
			if m, ok := e.(map[string]any); ok && m["type"] == "image" {
				k.image(ep, m)
				continue
			}
			k.text(ep, e, anyText, 0, true)
		}
	case "actions":
		ids := map[string]string{}
		for i, e := range k.list(p+"/elements", b["elements"], 1, 25) {
			k.element(fmt.Sprintf("%s/elements/%d", p, i), e, "actions", ids)
		}
	case "input":
		k.text(p+"/label", b["label"], plainText, 2000, true)
		k.text(p+"/hint", b["hint"], plainText, 2000, false)
		if e, ok := b["element"]; ok {
			k.element(p+"/element", e, "input", map[string]string{})
		} else {
			k.addf(p+"/element", "missing required field: element")
		}
	case "image":
		k.image(p, b)
		k.text(p+"/title", b["title"], plainText, 2000, false)
	case "markdown":
		if b["text"] == nil {
			k.addf(p+"/text", "missing required field: text")
		}
		k.nonEmptyStr(p+"/text", b["text"], 12000)
	case "":
		k.addf(p+"/type", "missing required field: type")
	default:
		k.addf(p+"/type", "unsupported block type %q", typ)
	}
}

// image checks an image block or a context image element.
func (k *checker) image(p string, m map[string]any) {
	if m["image_url"] == nil && m["slack_file"] == nil {
		k.addf(p+"/image_url", "must provide image_url or slack_file")
	}
	k.str(p+"/image_url", m["image_url"], 3000)
	if m["alt_text"] == nil {
		k.addf(p+"/alt_text", "missing required field: alt_text")
	}
	k.str(p+"/alt_text", m["alt_text"], 2000)
}

// element checks an interactive element; ids holds the action_ids already
// used in the same block, which must be unique.
func (k *checker) element(p string, v any, where string, ids map[string]string) {
	m, ok := v.(map[string]any)
	if !ok {
		k.addf(p, "must provide an object")
		return
	}
	typ, _ := m["type"].(string)
	switch {
	case typ == "":
		k.addf(p+"/type", "missing required field: type")
		return
	case !knownElements[typ]:
		k.addf(p+"/type", "unsupported element type %q", typ)
		return
	case where == "input" && notInInput[typ]:
		k.addf(p+"/type", "%q is not allowed in an input block", typ)
	case where != "input" && inputOnly[typ]:
		k.addf(p+"/type", "%q is only allowed in an input block", typ)
	}
	if aid, present := m["action_id"]; present {
		k.nonEmptyStr(p+"/action_id", aid, 255)
		if s, isStr := aid.(string); isStr && s != "" {
			if first, dup := ids[s]; dup {
				k.addf(p+"/action_id", "duplicate action_id %q (also at %s)", s, first)
			}
			ids[s] = p
		}
	}
	k.text(p+"/placeholder", m["placeholder"], plainText, 150, false)
	k.confirm(p+"/confirm", m["confirm"])
	switch typ {
	case "button":
		k.text(p+"/text", m["text"], plainText, 75, true)
		k.str(p+"/value", m["value"], 2000)
		k.str(p+"/url", m["url"], 3000)
		k.style(p+"/style", m["style"])
	case "static_select", "multi_static_select":
		opts, groups := m["options"], m["option_groups"]
		if (opts == nil) == (groups == nil) {
			k.addf(p, "must provide exactly one of options or option_groups")
		}
		for i, o := range k.list(p+"/options", opts, 0, 100) {
			k.option(fmt.Sprintf("%s/options/%d", p, i), o, plainText)
		}
		for i, g := range k.list(p+"/option_groups", groups, 0, 100) {
			gp := fmt.Sprintf("%s/option_groups/%d", p, i)
			gm, ok := g.(map[string]any)
			if !ok {
				k.addf(gp, "must provide an object")
				continue
			}
			k.text(gp+"/label", gm["label"], plainText, 75, true)
			for j, o := range k.list(gp+"/options", gm["options"], 1, 100) {
				k.option(fmt.Sprintf("%s/options/%d", gp, j), o, plainText)
			}
		}
		if o, ok := m["initial_option"]; ok {
			k.option(p+"/initial_option", o, plainText)
		}
		for i, o := range k.list(p+"/initial_options", m["initial_options"], 0, 100) {
			k.option(fmt.Sprintf("%s/initial_options/%d", p, i), o, plainText)
		}
	case "overflow":
		for i, o := range k.list(p+"/options", m["options"], 1, 5) {
			k.option(fmt.Sprintf("%s/options/%d", p, i), o, plainText)
		}
	case "checkboxes", "radio_buttons":
		for i, o := range k.list(p+"/options", m["options"], 1, 10) {
			k.option(fmt.Sprintf("%s/options/%d", p, i), o, anyText)
		}
	case "plain_text_input":
		for _, f := range []string{"max_length", "min_length"} {
			if raw, ok := m[f]; ok {
				n, isNum := number(raw)
				switch {
				case !isNum:
					k.addf(p+"/"+f, "must be a number")
				case n > 3000:
					k.addf(p+"/"+f, "must be less than 3001")
				case n < 0 || (f == "max_length" && n < 1):
					k.addf(p+"/"+f, "must be at least 1")
				}
			}
		}
		k.str(p+"/initial_value", m["initial_value"], 3000)
	}
}

func (k *checker) option(p string, v any, textKind string) {
	m, ok := v.(map[string]any)
	if !ok {
		k.addf(p, "must provide an object")
		return
	}
	k.text(p+"/text", m["text"], textKind, 75, true)
	if m["value"] == nil {
		k.addf(p+"/value", "missing required field: value")
	}
	k.str(p+"/value", m["value"], 150)
	k.text(p+"/description", m["description"], textKind, 75, false)
	k.str(p+"/url", m["url"], 3000)
}

func (k *checker) confirm(p string, v any) {
	if v == nil {
		return
	}
	m, ok := v.(map[string]any)
	if !ok {
		k.addf(p, "must provide an object")
		return
	}
	k.text(p+"/title", m["title"], plainText, 100, true)
	k.text(p+"/text", m["text"], anyText, 300, true)
	k.text(p+"/confirm", m["confirm"], plainText, 30, true)
	k.text(p+"/deny", m["deny"], plainText, 30, true)
	k.style(p+"/style", m["style"])
}

func (k *checker) style(p string, v any) {
	if v == nil {
		return
	}
	if s, _ := v.(string); s != "primary" && s != "danger" {
		k.addf(p, `must be one of "primary", "danger"`)
	}
}

// text checks a text object of the given kind (anyText = plain_text or
// mrkdwn) whose text is non-empty and at most limit runes (0 = no limit).
func (k *checker) text(p string, v any, kind string, limit int, required bool) {
	if v == nil {
		if required {
			k.addf(p, "missing required field")
		}
		return
	}
	m, ok := v.(map[string]any)
	if !ok {
		k.addf(p, "must provide an object")
		return
	}
	switch t, _ := m["type"].(string); {
	case t != plainText && t != "mrkdwn":
		k.addf(p+"/type", `must be one of "plain_text", "mrkdwn"`)
	case kind != anyText && t != kind:
		k.addf(p+"/type", "must be %q", kind)
	}
	s, isStr := m["text"].(string)
	switch {
	case !isStr || s == "":
		k.addf(p+"/text", "must be more than 0 characters")
	case limit > 0 && utf8.RuneCountInString(s) > limit:
		k.addf(p+"/text", "must be less than %d characters", limit+1)
	}
}

// str checks an optional string of at most limit runes.
func (k *checker) str(p string, v any, limit int) {
	if v == nil {
		return
	}
	s, ok := v.(string)
	if !ok {
		k.addf(p, "must be a string")
		return
	}
	if utf8.RuneCountInString(s) > limit {
		k.addf(p, "must be less than %d characters", limit+1)
	}
}

// nonEmptyStr is str for ids, which Slack rejects when empty.
func (k *checker) nonEmptyStr(p string, v any, limit int) {
	if s, ok := v.(string); ok && s == "" {
		k.addf(p, "must be more than 0 characters")
		return
	}
	k.str(p, v, limit)
}

// list checks an array field with min..max items (min 0 = optional) and
// returns its items.
func (k *checker) list(p string, v any, minItems, maxItems int) []any {
	if v == nil {
		if minItems > 0 {
			k.addf(p, "missing required field")
		}
		return nil
	}
	l, ok := v.([]any)
	if !ok {
		k.addf(p, "must provide an array")
		return nil
	}
	if len(l) < minItems {
		k.addf(p, "must provide at least %d items", minItems)
	}
	if len(l) > maxItems {
		k.addf(p, "must be less than %d items", maxItems+1)
	}
	return l
}

// number accepts the numeric types json.Unmarshal produces and those a Go
// caller of ValidateBlocks might build by hand.
func number(v any) (float64, bool) {
	switch n := v.(type) {
	case float64:
		return n, true
	case int:
		return float64(n), true
	case int64:
		return float64(n), true
	case json.Number:
		f, err := n.Float64()
		return f, err == nil
	}
	return 0, false
}
