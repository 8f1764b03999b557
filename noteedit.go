package babyhandoff

import "time"

// This file: what each change a person makes to a stored note does to it.
// Every engine applies these the same way, in one write at its own time
// (now), so the rules are written here once and the engines keep only
// how a note is read and written.

// NoteEdit is one change to a stored note.
type NoteEdit struct {
	// Op names the change in errors ("delete note").
	Op string
	// Invalid refuses the change before anything is read.
	Invalid error
	// DeletedToo applies it to a deleted note too: a deleted note is
	// otherwise not found.
	DeletedToo bool
	// Apply changes n at now; false leaves the note as it is (its
	// revision stays and the radar hears nothing).
	Apply func(n *Note, now time.Time) bool
}

// RetagEdit sets a note's tag as a person's choice.
func RetagEdit(tag Tag) NoteEdit {
	e := NoteEdit{Op: "retag note", DeletedToo: true, Apply: func(n *Note, _ time.Time) bool {
		n.Tag, n.TagSource = tag, TagByUser
		return true
	}}
	if !tag.Valid() {
		e.Invalid = Errorf(EINVALID, "%q is not a tag.", tag)
	}
	return e
}

// DeleteEdit soft-deletes a note (Undo, or its message was deleted).
// Deleting a deleted note is not an error and keeps the first time.
func DeleteEdit() NoteEdit {
	return NoteEdit{Op: "delete note", DeletedToo: true, Apply: func(n *Note, now time.Time) bool {
		if n.DeletedAt != nil {
			return false
		}
		n.DeletedAt = &now
		return true
	}}
}

// RestoreEdit undoes DeleteEdit.
func RestoreEdit() NoteEdit {
	return NoteEdit{Op: "restore note", DeletedToo: true, Apply: func(n *Note, _ time.Time) bool {
		n.DeletedAt = nil
		return true
	}}
}

// TextEdit follows an edit of the note's source message to rawText: the
// text is re-read, a new prefix re-tags it, a tag a person chose is kept,
// and an inferred tag is inferred again as inferred says (the
// normaliser's kind for the new text; "" when the store reads the new
// words itself). An edit that leaves nothing deletes the note.
func TextEdit(rawText string, inferred Tag) NoteEdit {
	t, ok := ParseNoteText(rawText)
	if !ok {
		return DeleteEdit()
	}
	return NoteEdit{Op: "edit note", DeletedToo: true, Apply: func(n *Note, _ time.Time) bool {
		n.Text, n.RawText = t.Text, CleanText(rawText)
		if tag, source, keep := EditedTag(*n, t, inferred); !keep {
			n.Tag, n.TagSource = tag, source
		}
		return true
	}}
}

// DoneEdit marks a note's item done, recording who: a person, or the note
// that said the item was bought. UndoneEdit takes it back.
func DoneEdit(by DoneBy) NoteEdit {
	return NoteEdit{Op: "mark note done", Apply: func(n *Note, now time.Time) bool {
		n.DoneAt, n.DoneBy = &now, by
		return true
	}}
}

// UndoneEdit marks a note's item not done any more.
func UndoneEdit() NoteEdit {
	return NoteEdit{Op: "mark note not done", Apply: func(n *Note, _ time.Time) bool {
		n.DoneAt, n.DoneBy = nil, DoneBy{}
		return true
	}}
}

// StillOnEdit records that a person says an overdue deadline is still on.
func StillOnEdit() NoteEdit {
	return NoteEdit{Op: "mark note still on", Apply: func(n *Note, now time.Time) bool {
		n.StillOnAt = &now
		return true
	}}
}

// ClaimEdit records who said "I'll do it"; user "" takes the claim back.
func ClaimEdit(user string) NoteEdit {
	return NoteEdit{Op: "claim note", Apply: func(n *Note, now time.Time) bool {
		n.ClaimedBy, n.ClaimedAt = user, &now
		if user == "" {
			n.ClaimedAt = nil
		}
		return true
	}}
}
