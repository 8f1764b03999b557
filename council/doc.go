// Package council is BabyHandoff's village council: it turns a shift's notes into structured facts, three competing plans, a rubric-scored decision and a handoff. It is pure: no Slack, no database; the caller persists what it returns.
package council
