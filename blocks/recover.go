package blocks

import (
	"fmt"

	"github.com/slack-go/slack"

	bh "github.com/babyhandoff/babyhandoff"
)

// ActionRerun re-runs an interrupted plan; its value is the run id.
const ActionRerun = "plan_rerun"

// Interrupted replaces the progress of a plan the bot stopped during.
func Interrupted(r bh.Run) Message {
	text := fmt.Sprintf("⚠️ Plan v%d was interrupted: the bot restarted while it was planning. Nothing was lost; run it again?", r.Version)
	return Message{Text: text, Blocks: []slack.Block{
		section(text),
		slack.NewActionBlock("rerun:"+r.ID, slack.NewButtonBlockElement(ActionRerun, r.ID, plain("Re-run", MaxButtonText)).WithStyle(slack.StylePrimary)),
	}}
}
