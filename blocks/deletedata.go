package blocks

import (
	"fmt"
	"strings"

	"github.com/slack-go/slack"

	bh "github.com/babyhandoff/babyhandoff"
)

// Deleting a workspace's data (/babyhandoff delete-my-data): asked first,
// privately, with a red button that asks again.
const (
	ActionDeleteDataConfirm = "delete_data_confirm"
	ActionDeleteDataCancel  = "delete_data_cancel"
)

// DeleteDataAsk is the private question before a workspace's data is
// deleted: what goes and what stays, a red "Delete everything" (which
// Slack asks about once more) and Cancel. value is the bot's own.
func DeleteDataAsk(value string, installed bool) Message {
	what := "every family, note, plan, handoff, radar message record and setting"
	if installed {
		what += ", and this workspace's installation (its tokens)"
	}
	text := fmt.Sprintf("Delete all of BabyHandoff's data for this workspace? This removes %s. It cannot be undone. The messages I already posted stay in Slack.", what)
	del := slack.NewButtonBlockElement(ActionDeleteDataConfirm, value, plain("Delete everything", MaxButtonText))
	del.Style = slack.StyleDanger
	del.Confirm = slack.NewConfirmationBlockObject(plain("Delete everything?", 100),
		plain("All of this workspace's notes, plans, handoffs and settings are deleted for good.", 300),
		plain("Delete everything", 30), plain("Keep it", 30))
	del.Confirm.Style = slack.StyleDanger
	cancel := slack.NewButtonBlockElement(ActionDeleteDataCancel, "cancel", plain("Cancel", MaxButtonText))
	return Message{Text: "Delete all of BabyHandoff's data for this workspace?", Blocks: []slack.Block{
		section(Escape(text)),
		slack.NewActionBlock("delete_data", del, cancel),
	}}
}

// DeleteDataDone says what was deleted, kind by kind.
func DeleteDataDone(d bh.Deleted, installURL string) string {
	var parts []string
	add := func(n int, one, many string) {
		if n == 1 {
			parts = append(parts, "1 "+one)
		} else {
			parts = append(parts, fmt.Sprintf("%d %s", n, many))
		}
	}
	add(d.Families, "family", "families")
	add(d.Notes, "note", "notes")
	add(d.Plans, "plan", "plans")
	add(d.Handoffs, "handoff", "handoffs")
	add(d.RadarPosts, "radar message record", "radar message records")
	add(d.Settings, "setting", "settings")
	if d.Installations > 0 {
		parts = append(parts, "the installation and its tokens")
	}
	text := "Deleted: " + strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1] +
		fmt.Sprintf(" (%d records in all). The messages I posted stay in Slack.", d.Rows)
	if d.Installations > 0 {
		text += " I no longer have this workspace's tokens, so I will not answer here any more"
		if installURL != "" {
			text += "; to use BabyHandoff again, add it to Slack: " + installURL
		}
		text += ". You can also remove the app under your workspace's Manage apps."
	} else {
		text += " A note sent to me from now on starts afresh."
	}
	return text
}
