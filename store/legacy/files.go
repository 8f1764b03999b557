package legacy

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"hash/fnv"
	"os"
	"strconv"
	"time"

	"go.etcd.io/bbolt"
	bolterrors "go.etcd.io/bbolt/errors"
	"go.mongodb.org/mongo-driver/bson"
)

// This file: the old files into memory, as the engine saw them after its
// open (the log's records applied).

// data is every bucket of the old file, by path (a top-level bucket's
// name; a nested one's is "parent\x00name"), each key to its value.
type data struct {
	path    string // the file, for messages
	buckets map[string]map[string][]byte
	applied uint64 // the last record of the log the file has
}

// boltFormat is the newest layout the old engine wrote (format 4 has a
// log beside the file); a higher one is a newer version's.
const boltFormat = 4

// readBolt reads the bbolt file at path whole, read-only.
func readBolt(path string) (*data, error) {
	if err := checkSize(path); err != nil {
		return nil, err
	}
	b, err := bbolt.Open(path, 0o400, &bbolt.Options{ReadOnly: true, Timeout: time.Second})
	if errors.Is(err, bolterrors.ErrTimeout) {
		return nil, fmt.Errorf("%s is in use by another process (a bot on the old engine?): stop it first", path)
	} else if errors.Is(err, bolterrors.ErrVersionMismatch) {
		return nil, newer(path, err)
	} else if err != nil {
		return nil, notOurs(path, err)
	}
	defer b.Close()
	d := &data{path: path, buckets: map[string]map[string][]byte{}}
	err = b.View(func(tx *bbolt.Tx) error {
		return tx.ForEach(func(name []byte, bk *bbolt.Bucket) error { return d.load(string(name), bk) })
	})
	if err != nil {
		return nil, notOurs(path, err)
	}
	meta := d.buckets["_meta"]
	if meta == nil {
		if len(d.buckets) > 0 {
			return nil, notOurs(path, errors.New("no format version"))
		}
		return d, nil // made, never written to
	}
	v, err := strconv.Atoi(string(meta["format"]))
	if err != nil {
		return nil, notOurs(path, fmt.Errorf("format %q", meta["format"]))
	}
	if v > boltFormat {
		return nil, newer(path, fmt.Errorf("format %d, newer than %d", v, boltFormat))
	}
	if a := meta["wal"]; len(a) == 8 {
		d.applied = binary.BigEndian.Uint64(a)
	}
	return d, nil
}

// load copies bucket bk (and its nested buckets) into d.
func (d *data) load(path string, bk *bbolt.Bucket) error {
	kv := map[string][]byte{}
	d.buckets[path] = kv
	return bk.ForEach(func(k, v []byte) error {
		if v == nil {
			return d.load(path+"\x00"+string(k), bk.Bucket(k))
		}
		kv[string(k)] = append([]byte(nil), v...)
		return nil
	})
}

// checkSize refuses an empty file, and one shorter than its newest valid
// meta page says (bbolt would fault on the missing pages). The meta page,
// after a 16-byte page header: magic, version, page size, flags (4 bytes
// each), the root bucket (16), the freelist page, the high-water mark
// and the txid (8 each), then an FNV-64a checksum of what comes before.
func checkSize(path string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return err
	}
	if fi.Size() == 0 {
		return empty(path)
	}
	const hdr, magic = 16, 0xED0CDAED
	var txid, pageSize, need uint64
	found := false
	head := make([]byte, hdr+64)
	for i := range 2 {
		off := int64(0)
		if i == 1 {
			// The second meta page is a page in (bbolt's default size
			// when the first is not readable).
			off = int64(os.Getpagesize())
			if found {
				off = int64(pageSize)
			}
		}
		if _, err := f.ReadAt(head, off); err != nil {
			continue
		}
		m, le := head[hdr:], binary.LittleEndian
		sum := fnv.New64a()
		_, _ = sum.Write(m[:56])
		if le.Uint32(m) != magic || sum.Sum64() != le.Uint64(m[56:]) {
			continue
		}
		if t := le.Uint64(m[48:]); !found || t > txid {
			txid, pageSize, found = t, uint64(le.Uint32(m[8:])), true
			need = le.Uint64(m[40:]) * pageSize
		}
	}
	if found && uint64(fi.Size()) < need {
		return cutShort(path, fmt.Errorf("%d bytes of the %d its pages need", fi.Size(), need))
	}
	return nil
}

// The log's layout: a 16-byte header (logMagic, then zeros), then
// records of
//
//	payload length (4) | CRC-32C of sequence and payload (4) | sequence (8) | payload
//
// whose payload is a list of operations, each its kind (1 byte), then
// bucket, nested bucket, key and value, each a uvarint length and bytes.
// Past the last record: zeros, or older records, which never follow in
// sequence.
const (
	logMagic  = "BHWAL\x00\x00\x01" // the last byte is the format
	logHeader = 16
	recHeader = 16
	opPut     = 1
	opDel     = 2
	opDrop    = 3
)

var crcTable = crc32.MakeTable(crc32.Castagnoli)

type logOp struct {
	kind                  byte
	bucket, sub, key, val []byte
}

type logRecord struct {
	seq uint64
	ops []logOp
}

// replay applies, in memory, the records of the log at path that d's file
// does not have. A log cut by a crash ends at its last whole record, as
// the old engine read it.
func (d *data) replay(path string) error {
	recs, err := readLog(path)
	if err != nil {
		return err
	}
	for len(recs) > 0 && recs[0].seq <= d.applied {
		recs = recs[1:]
	}
	if len(recs) > 0 && recs[0].seq != d.applied+1 {
		return badFile(path, fmt.Sprintf("does not follow %s beside it: it holds changes from change %d, the file has them up to %d only (was the file replaced by an older copy?)", FileName, recs[0].seq, d.applied),
			"Put back the database file that was there, or move the log away to move the file as it is, without the log's changes.", nil)
	}
	for _, r := range recs {
		for _, op := range r.ops {
			d.apply(op)
		}
	}
	return nil
}

func (d *data) apply(op logOp) {
	name := string(op.bucket)
	if op.kind == opDrop {
		for path := range d.buckets {
			if path == name || len(path) > len(name) && path[:len(name)+1] == name+"\x00" {
				delete(d.buckets, path)
			}
		}
		return
	}
	if len(op.sub) > 0 {
		name += "\x00" + string(op.sub)
	}
	kv := d.buckets[name]
	if op.kind == opDel {
		delete(kv, string(op.key))
		return
	}
	if kv == nil {
		kv = map[string][]byte{}
		d.buckets[name] = kv
	}
	kv[string(op.key)] = op.val
}

// readLog reads the log's records up to the first torn, damaged or out
// of sequence one. No log, or one never written to, holds none.
func readLog(path string) ([]logRecord, error) {
	raw, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	} else if err != nil {
		return nil, err
	}
	if len(raw) == 0 || allZero(raw[:min(len(raw), logHeader)]) {
		return nil, nil
	}
	if len(raw) < logHeader || string(raw[:len(logMagic)]) != logMagic {
		if len(raw) >= len(logMagic) && string(raw[:len(logMagic)-1]) == logMagic[:len(logMagic)-1] {
			return nil, newer(path, fmt.Errorf("log format %d", raw[len(logMagic)-1]))
		}
		return nil, notOurs(path, errors.New("not its log"))
	}
	var recs []logRecord
	for rest := raw[logHeader:]; len(rest) >= recHeader; {
		le := binary.LittleEndian
		n, seq := uint64(le.Uint32(rest)), le.Uint64(rest[8:])
		if n == 0 || n > uint64(len(rest)-recHeader) || crc32.Checksum(rest[8:recHeader+n], crcTable) != le.Uint32(rest[4:]) {
			break
		}
		if len(recs) > 0 && seq != recs[len(recs)-1].seq+1 {
			break
		}
		ops, ok := decodeOps(rest[recHeader : recHeader+n])
		if !ok {
			break
		}
		recs = append(recs, logRecord{seq: seq, ops: ops})
		rest = rest[recHeader+n:]
	}
	return recs, nil
}

func decodeOps(p []byte) ([]logOp, bool) {
	var ops []logOp
	for len(p) > 0 {
		op := logOp{kind: p[0]}
		if op.kind < opPut || op.kind > opDrop {
			return nil, false
		}
		p = p[1:]
		for _, dst := range []*[]byte{&op.bucket, &op.sub, &op.key, &op.val} {
			n, k := binary.Uvarint(p)
			if k <= 0 || n > uint64(len(p)-k) {
				return nil, false
			}
			*dst, p = p[k:k+int(n)], p[k+int(n):]
		}
		ops = append(ops, op)
	}
	return ops, true
}

// orphanLog refuses a log that holds records beside no bbolt file: its
// changes belong to a file moved away.
func orphanLog(path string) error {
	recs, err := readLog(path)
	if err != nil || len(recs) == 0 {
		return err
	}
	return badFile(path, fmt.Sprintf("holds %d changes, but %s is not beside it (moved away, or a copy restored without it)", len(recs), FileName),
		"Put the database file back, or move the log away to start with an empty database.", nil)
}

func allZero(b []byte) bool {
	for _, c := range b {
		if c != 0 {
			return false
		}
	}
	return true
}

// readSingle reads the single file at path (one BSON document: each
// namespace's documents), read-only. None there: no data.
func readSingle(path string) (*data, error) {
	d := &data{path: path, buckets: map[string]map[string][]byte{}}
	raw, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return d, nil
	} else if err != nil {
		return nil, err
	}
	if len(raw) == 0 {
		return nil, empty(path)
	}
	// Its length, then its one field: the namespaces.
	if len(raw) < 4 || !bytes.HasPrefix(raw[4:], []byte("\x03namespaces\x00")) {
		return nil, notOurs(path, errors.New("not lungo's file"))
	}
	if n := int64(binary.LittleEndian.Uint32(raw)); n > int64(len(raw)) {
		return nil, cutShort(path, fmt.Errorf("%d bytes of the %d it says it has", len(raw), n))
	}
	var file struct {
		Namespaces map[string]struct {
			Documents []bson.Raw `bson:"documents"`
		} `bson:"namespaces"`
	}
	if err := bson.Unmarshal(raw, &file); err != nil {
		return nil, notOurs(path, err)
	}
	for ns, v := range file.Namespaces {
		kv := map[string][]byte{}
		for i, doc := range v.Documents {
			kv[string(binary.BigEndian.AppendUint64(nil, uint64(i)))] = doc
		}
		d.buckets[ns] = kv
	}
	return d, nil
}
