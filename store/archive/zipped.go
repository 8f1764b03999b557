package archive

import (
	"bytes"
	"compress/flate"
	"fmt"
	"io"
	"sync"

	"go.mongodb.org/mongo-driver/bson"
	"go.mongodb.org/mongo-driver/bson/primitive"
)

// In an export, a run's details (tasks, messages, context pack, proposals,
// decision, artifacts) are zipped as the old store kept them: the keys that
// find them (_id, team_id, run_id and the one that orders them) stay plain,
// and the whole document is DEFLATE-compressed BSON in "z". Reading gives
// back the same document; a detail without "z" (written before) is read as
// it is.
const zipField = "z"

// zipDictV1 primes the compressor with what run details share: field names
// and the council's fixed phrases, so that even a small document (a task, a
// decision) compresses. A document zipped with it is marked by the binary
// subtype zipSubtypeV1. The dictionary can never change: a new one gets a
// new subtype, and the old stays to read what was written with it.
const zipDictV1 = "_id\x00team_id\x00shift_id\x00run_id\x00task_id\x00agent_name\x00status\x00attempt\x00max_attempts\x00" +
	"inputs\x00outputs\x00error\x00queued_at\x00started_at\x00finished_at\x00updated_at\x00created_at\x00seq\x00sender\x00role\x00" +
	"content\x00meta\x00kind\x00model_answer\x00prompt\x00round\x00provider\x00summary\x00compiled_text\x00log_refs\x00log_id\x00tag_source\x00" +
	"text\x00token_budget\x00token_estimate\x00included_log_ids\x00omitted\x00archetype\x00blocks\x00start\x00end\x00title\x00" +
	"note_ids\x00top\x00admin\x00running_low\x00due\x00source\x00heuristic\x00model\x00fallback\x00winner\x00confidence\x00scorecards\x00scores\x00" +
	"dimension\x00value\x00why\x00total\x00rationale\x00tie_break\x00energy_chosen\x00energy_note_ids\x00judged_by\x00judge_fallback\x00name\x00" +
	"commitments_fit deadline_risk energy_match time_window inventory_risk " +
	"Coordinator Normalizer SleepPlanner ErrandsPlanner AdminPlanner Referee HandoffWriter completed assistant system " +
	"normalize_logs plan_sleep_first plan_errands_first plan_admin_first score_and_select write_handoff " +
	"handoff_markdown council_transcript_markdown Sleep-first Errands-first Admin-first " +
	"Protect rest first; only what cannot wait, in short trips, with buffers. " +
	"Batch everything outside into one trip early, then deadlines, then rest. " +
	"Clear deadlines and paperwork first; keep errands to the essentials. " +
	"No fixed commitments in this window. Every deadline is handled with time to spare. " +
	"Every running-low item is restocked in time. planned in 8 h of waking time, one trip. Energy is medium: Energy is low: " +
	"min of rest, h of work. can wait. is left for later. (notes: ) Rest / nap window Errand run: Restock " +
	"Contact a licensed professional about: inferred; energy low; items ; due Note: Task: Deadline: Running low: " +
	"(note) (task) (deadline) (inventory) Note · Task · Deadline · Running low · Mon Tue Wed Thu Fri Sat Sun " +
	"Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec ---\ntitle: \"BabyHandoff v\"\nshift: \"\"\nversion: \ngenerated: \nhorizon_hours: 12\n" +
	"energy: \"medium (inferred)\"\nwinner: \"\"\nconfidence: \ntags: [babyhandoff, handoff]\n---\n\n# Handoff v · next 12h · " +
	"\n\n## Next 12 hours\n\n- **\n\n## Top 5\n\n1. \n\n## Admin checklist\n\n- [ ] \n\n## Running low\n\n- — runs out by \n\n" +
	"## 24h outlook\n\n- Prep now: restock before it runs out\n\n## Why this plan\n\n- Energy looks medium from your notes.\n\n## Evidence\n\n- `" +
	"\n\n---\n\n*BabyHandoff is a planning tool. It does not provide medical advice. For health concerns, contact a licensed professional.*\n"

// zipSubtypeV1 marks DEFLATE with zipDictV1 (a user-defined binary subtype).
const zipSubtypeV1 = 0x80

var zipWriters = sync.Pool{New: func() any {
	w, _ := flate.NewWriterDict(io.Discard, flate.BestCompression, []byte(zipDictV1))
	return w
}}

// zipDoc returns keys followed by doc, compressed.
func zipDoc(doc any, keys ...bson.E) (bson.D, error) {
	raw, err := bson.Marshal(doc)
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	w := zipWriters.Get().(*flate.Writer)
	defer zipWriters.Put(w)
	w.Reset(&buf)
	if _, err := w.Write(raw); err != nil {
		return nil, err
	}
	if err := w.Close(); err != nil {
		return nil, err
	}
	return append(bson.D(keys), bson.E{Key: zipField, Value: primitive.Binary{Subtype: zipSubtypeV1, Data: buf.Bytes()}}), nil
}

// unzipDoc decodes a stored detail document into out.
func unzipDoc(raw bson.Raw, out any) error {
	z, err := raw.LookupErr(zipField)
	if err != nil {
		return bson.Unmarshal(raw, out)
	}
	sub, data, ok := z.BinaryOK()
	if !ok || sub != zipSubtypeV1 {
		return fmt.Errorf("zipped document: %q is not a zipped document this version can read", zipField)
	}
	plain, err := io.ReadAll(flate.NewReaderDict(bytes.NewReader(data), []byte(zipDictV1)))
	if err != nil {
		return fmt.Errorf("zipped document: %w", err)
	}
	return decodeChecked(plain, out)
}

// decodeChecked decodes a document that may be damaged. The driver's
// decoder trusts the lengths inside a document and can index out of range
// on a damaged one, so the document is checked whole first; and the
// check itself can index out of range on a few inputs (the fuzzer found
// "c \x00\x00"), so a panic in either is a damaged document too.
func decodeChecked(plain []byte, out any) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("zipped document: damaged (%v)", r)
		}
	}()
	if err := bson.Raw(plain).Validate(); err != nil {
		return fmt.Errorf("zipped document: %w", err)
	}
	return bson.Unmarshal(plain, out)
}
