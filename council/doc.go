// Package council is BabyHandoff's village council: it turns a shift's
// notes into a context pack, three competing plans (one per archetype, in
// parallel), a rubric-scored decision and the handoff.md and council.md
// files. The notes are read into facts by package normalize.
//
// It never imports Slack or a database. Who persists what:
//
//   - Run computes a plan and persists nothing; Replay re-runs a stored run
//     from its pack and compares (the replay command), persisting nothing.
//   - Execute persists through the small Store interface it is handed (the
//     store package's *DB in the program): CreateRun first (the run gets its
//     id and version, and shows as running), then, when the council
//     finishes, SaveRunRecord with the pack, tasks, messages, events,
//     proposals, decision and both files in one write. A run that fails,
//     or whose context ends first, is recorded by Execute itself with
//     FailRun and a reason ("interrupted before it finished" for a
//     cancelled one).
//   - The caller keeps what is about Slack: the bot records where a run's
//     card is (SetRunCard) and stores a what-if's diff file (SaveArtifact).
//     A run left "running" by a stopped process is failed by the store
//     (FailInterruptedRuns), which cmd calls at start-up and the bot's
//     recovery on a shared store.
//   - The agents registry the council is staffed from is registered and read
//     by cmd (store's RegisterAgents and Agents) and passed in Config.
package council
