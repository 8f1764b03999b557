package store

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"

	bh "github.com/babyhandoff/babyhandoff"
)

// The write-ahead log in front of the bbolt file. A bbolt commit syncs the
// disk twice (its pages, then the meta page that points at them), and on
// this kind of disk the second sync is most of a note's acknowledgement
// tail. A commit instead appends one record to this log and syncs once; the
// records are applied to the bbolt file later, in batches, in ordinary
// (twice-synced) bbolt transactions that also record the last sequence
// number applied. At open, records past that number are applied before
// anything is read.
//
// The log is a file preallocated with zeros and written from its start
// again whenever every record in it has been applied, so a commit
// overwrites blocks the file already has: its sync flushes data only, not
// the file's size (measured here, an overwrite + fdatasync costs about half
// an append + fsync, and less at the tail). Old records left past the end
// of the current ones are never read as new: a record counts only if its
// checksum holds and its sequence number is the one after the previous
// record's, and every old record's number is lower.
//
// Layout: a 16-byte header (walMagic, then zeros), then records of
//
//	length of payload (4) | CRC-32C of sequence and payload (4) | sequence (8) | payload
//
// A payload is a list of operations (walOp) on the bbolt file.
const (
	walMagic    = "BHWAL\x00\x00\x01" // the last byte is the format
	walHeader   = 16
	walRecHdr   = 16
	walPrealloc = 1 << 20
	// walMaxRecord bounds a record's length as read back: a garbled length
	// ends the log instead of asking for gigabytes.
	walMaxRecord = 1 << 30
)

// WALSuffix names the log beside the database file (FileName+WALSuffix).
const WALSuffix = ".wal"

var crcTable = crc32.MakeTable(crc32.Castagnoli)

// walOp is one change to the bbolt file: a put or delete of key in a
// top-level bucket, or in one of its nested buckets (sub: the shelf's
// collections), or the removal of a whole top-level bucket (a dropped
// namespace).
type walOp struct {
	kind   byte
	bucket []byte
	sub    []byte
	key    []byte
	val    []byte
}

const (
	opPut  byte = 1
	opDel  byte = 2
	opDrop byte = 3
)

// walRecord is one commit's operations.
type walRecord struct {
	seq  uint64
	ops  []walOp
	size int
}

// shelfOp is an operation on a document of the shelf's collection coll.
func shelfOp(kind byte, coll string, key, val []byte) walOp {
	return walOp{kind: kind, bucket: bucketShelf, sub: []byte(coll), key: key, val: val}
}

// onShelf reports whether op puts or removes a shelf document (the ones
// reads see before they are applied).
func (op walOp) onShelf() bool {
	return op.kind != opDrop && string(op.bucket) == string(bucketShelf)
}

// encodeOps appends ops to out as a payload: per op its kind, then bucket,
// sub, key and value, each as a length (uvarint) and bytes.
func encodeOps(out []byte, ops []walOp) []byte {
	n := 0
	for _, op := range ops {
		n += 1 + 4*binary.MaxVarintLen32 + len(op.bucket) + len(op.sub) + len(op.key) + len(op.val)
	}
	out = slices.Grow(out, n)
	for _, op := range ops {
		out = append(out, op.kind)
		for _, b := range [][]byte{op.bucket, op.sub, op.key, op.val} {
			out = binary.AppendUvarint(out, uint64(len(b)))
			out = append(out, b...)
		}
	}
	return out
}

// decodeOps reads a payload back. The slices point into payload.
func decodeOps(payload []byte) ([]walOp, error) {
	var ops []walOp
	for len(payload) > 0 {
		op := walOp{kind: payload[0]}
		if op.kind < opPut || op.kind > opDrop {
			return nil, fmt.Errorf("unknown operation %d", op.kind)
		}
		payload = payload[1:]
		for _, dst := range []*[]byte{&op.bucket, &op.sub, &op.key, &op.val} {
			n, k := binary.Uvarint(payload)
			if k <= 0 || n > uint64(len(payload)-k) {
				return nil, errors.New("truncated operation")
			}
			*dst = payload[k : k+int(n)]
			payload = payload[k+int(n):]
		}
		ops = append(ops, op)
	}
	return ops, nil
}

// wal is the log file. Only the committer appends, one record at a time.
type wal struct {
	f    *os.File
	path string
	off  int64 // where the next record goes
	size int64 // the file's size
	buf  []byte
}

// openWAL opens the log at path, creating it preallocated when it is not
// there, and returns the records it holds, in order. A log whose header is
// not ours is refused (errNotOurs), untouched.
func openWAL(path string) (*wal, []walRecord, error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, nil, err
	}
	w := &wal{f: f, path: path}
	raw, err := io.ReadAll(f)
	if err != nil {
		_ = f.Close()
		return nil, nil, err
	}
	w.size = int64(len(raw))
	// Empty, or made but its header never reached the disk (a crash while
	// it was made): no record was ever written to it.
	if len(raw) == 0 || allZero(raw[:min(len(raw), walHeader)]) {
		if err := w.preallocate(); err != nil {
			_ = f.Close()
			return nil, nil, err
		}
		// The new file's name, durable before any record in it is.
		syncDir(filepath.Dir(path))
		w.off = walHeader
		return w, nil, nil
	}
	if len(raw) < walHeader || string(raw[:len(walMagic)]) != walMagic {
		_ = f.Close()
		if len(raw) >= len(walMagic) && string(raw[:len(walMagic)-1]) == walMagic[:len(walMagic)-1] {
			return nil, nil, fmt.Errorf("%w: the log %s has format %d, newer than this version's %d", errNotOurs, path, raw[len(walMagic)-1], walMagic[len(walMagic)-1])
		}
		return nil, nil, fmt.Errorf("%w: %s is not its log", errNotOurs, path)
	}
	recs, end := readRecords(raw)
	w.off = end
	return w, recs, nil
}

// orphanLog refuses a log at path that holds records (errLogOrphan), for a
// database file that is not there.
func orphanLog(path string) error {
	raw, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	if len(raw) < walHeader || string(raw[:len(walMagic)]) != walMagic {
		return nil // no records of ours; openWAL judges the file
	}
	if recs, _ := readRecords(raw); len(recs) > 0 {
		return fmt.Errorf("%w: %s holds %d changes", errLogOrphan, path, len(recs))
	}
	return nil
}

// readRecords reads the records from the header on, up to the first that
// is torn, damaged or out of sequence, and returns them with the offset
// after the last one.
func readRecords(raw []byte) ([]walRecord, int64) {
	var recs []walRecord
	off := int64(walHeader)
	for {
		rest := raw[off:]
		if len(rest) < walRecHdr {
			break
		}
		n := int64(binary.LittleEndian.Uint32(rest[0:]))
		sum := binary.LittleEndian.Uint32(rest[4:])
		seq := binary.LittleEndian.Uint64(rest[8:])
		if n == 0 || n > walMaxRecord || n > int64(len(rest))-walRecHdr {
			break
		}
		if crc32.Checksum(rest[8:walRecHdr+n], crcTable) != sum {
			break
		}
		if len(recs) > 0 && seq != recs[len(recs)-1].seq+1 {
			break
		}
		ops, err := decodeOps(rest[walRecHdr : walRecHdr+n])
		if err != nil {
			break
		}
		recs = append(recs, walRecord{seq: seq, ops: ops, size: int(n)})
		off += walRecHdr + n
	}
	return recs, off
}

// preallocate writes the header and zeros up to walPrealloc, and syncs.
func (w *wal) preallocate() error {
	buf := make([]byte, walPrealloc)
	copy(buf, walMagic)
	if _, err := w.f.WriteAt(buf, 0); err != nil {
		return err
	}
	if err := w.f.Sync(); err != nil {
		return err
	}
	w.size = walPrealloc
	return nil
}

// append writes ops as one record and syncs it: at the start of the log
// when restart is set (every earlier record is applied), else after the
// last. It returns the payload's size. A failed write leaves the offset
// where it was, so the next record overwrites what it left.
func (w *wal) append(seq uint64, ops []walOp, restart bool) (int, error) {
	// Encoded in place after the record's header: the ack path copies
	// the bytes once.
	b := encodeOps(append(w.buf[:0], make([]byte, walRecHdr)...), ops)
	if cap(b) <= walPrealloc {
		w.buf = b // an import's large record, or one refused, is not kept for the life of the process
	}
	size := len(b) - walRecHdr
	if size > walMaxRecord {
		// It would read back as the end of the log.
		return 0, bh.Errorf(bh.EINVALID, "A change of %d bytes is too large to store at once.", size)
	}
	if restart {
		w.off = walHeader
	}
	n := len(b)
	binary.LittleEndian.PutUint32(b[0:], uint32(size))
	binary.LittleEndian.PutUint64(b[8:], seq)
	binary.LittleEndian.PutUint32(b[4:], crc32.Checksum(b[8:], crcTable))
	if end := w.off + int64(n); end > w.size {
		if err := w.grow(end); err != nil {
			return 0, err
		}
	}
	if _, err := w.f.WriteAt(b, w.off); err != nil {
		return 0, err
	}
	if err := fdatasync(w.f); err != nil {
		return 0, &walSyncError{err}
	}
	w.off += int64(n)
	return size, nil
}

// grow preallocates the log past end, to the next whole walPrealloc, and
// makes its new size durable with one full sync: the records that follow
// pay a data-only sync, not a full one each (a data-only sync does not
// make a new size durable).
func (w *wal) grow(end int64) error {
	size := (end + walPrealloc - 1) / walPrealloc * walPrealloc
	if _, err := w.f.WriteAt(make([]byte, size-w.size), w.size); err != nil {
		return err
	}
	if err := w.f.Sync(); err != nil {
		return &walSyncError{err}
	}
	w.size = size
	return nil
}

// walSyncError is a failed sync. After one the kernel may have dropped the
// unwritten pages and cleared the error, so nothing written since the last
// good sync can be trusted: the log takes no more commits until reopened.
type walSyncError struct{ err error }

func (e *walSyncError) Error() string { return "sync the log: " + e.err.Error() }
func (e *walSyncError) Unwrap() error { return e.err }

func (w *wal) close() error { return w.f.Close() }

// removeFile removes path; one that is not there is no error.
func removeFile(path string) error {
	if err := os.Remove(path); err != nil && !os.IsNotExist(err) {
		return err
	}
	return nil
}

func allZero(b []byte) bool {
	for _, c := range b {
		if c != 0 {
			return false
		}
	}
	return true
}
