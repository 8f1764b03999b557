package sqlite

import (
	"bytes"
	"compress/flate"
	"encoding/json"
	"io"
	"sync"
)

// This file: a run's details and files, written once and read whole, are
// kept as DEFLATE-compressed JSON (as the bolt store keeps them): a BLOB of
// zipV1 then the compressed JSON. A doc written before is plain JSON (it
// starts with '{'), and reads as it is.

// zipV1 marks a doc as DEFLATE-compressed JSON; JSON never starts with it.
const zipV1 = 0x01

// zipWriters keeps DEFLATE writers for reuse: a new one at
// BestCompression allocates about a megabyte of state, per run saved.
var zipWriters = sync.Pool{New: func() any {
	w, _ := flate.NewWriter(io.Discard, flate.BestCompression) // a valid level: no error
	return w
}}

// zipJSON is v as stored (asStored), as compressed JSON.
func zipJSON[T any](v T) ([]byte, error) {
	doc, err := jsonOf(v)
	if err != nil {
		return nil, err
	}
	buf := bytes.NewBuffer([]byte{zipV1})
	w := zipWriters.Get().(*flate.Writer)
	defer zipWriters.Put(w)
	w.Reset(buf)
	if _, err := io.WriteString(w, doc); err != nil {
		return nil, err
	}
	if err := w.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// unzipJSON returns the JSON of a stored doc, compressed or not.
func unzipJSON(raw []byte) ([]byte, error) {
	if len(raw) == 0 || raw[0] != zipV1 {
		return raw, nil
	}
	r := flate.NewReader(bytes.NewReader(raw[1:]))
	defer r.Close()
	return io.ReadAll(r)
}

// unmarshalDoc reads a stored doc, compressed or not, into v.
func unmarshalDoc(raw []byte, v any) error {
	b, err := unzipJSON(raw)
	if err != nil {
		return err
	}
	return json.Unmarshal(b, v)
}
