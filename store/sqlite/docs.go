package sqlite

import (
	"context"
	"database/sql"
	"encoding/json"
	"reflect"
	"time"
)

// This file: rows whose doc is a domain value as JSON (runs, the radar's
// tables, handoffs). Times are stored in UTC to the millisecond, as the
// notes' columns are, so a value reads back equal to what was written.

var timeType = reflect.TypeFor[time.Time]()

// asStored returns v with every time in it (fields, slices, pointers) in
// UTC to the millisecond; a zero time stays zero.
func asStored[T any](v T) T {
	rv := reflect.ValueOf(&v).Elem()
	normTimes(rv)
	return v
}

func normTimes(v reflect.Value) {
	switch v.Kind() {
	case reflect.Pointer:
		if !v.IsNil() {
			c := reflect.New(v.Elem().Type()) // a copy: the caller's stays as it was
			c.Elem().Set(v.Elem())
			v.Set(c)
			normTimes(c.Elem())
		}
	case reflect.Struct:
		if v.Type() == timeType {
			if t := v.Interface().(time.Time); !t.IsZero() {
				v.Set(reflect.ValueOf(t.UTC().Truncate(time.Millisecond)))
			} else {
				v.Set(reflect.ValueOf(time.Time{}))
			}
			return
		}
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				normTimes(v.Field(i))
			}
		}
	case reflect.Slice:
		if v.IsNil() {
			return
		}
		// A copy of the slice: the caller's stays as it was.
		c := reflect.MakeSlice(v.Type(), v.Len(), v.Len())
		reflect.Copy(c, v)
		v.Set(c)
		for i := range v.Len() {
			normTimes(v.Index(i))
		}
	}
}

// jsonOf is v as stored (asStored), as JSON.
func jsonOf[T any](v T) (string, error) {
	b, err := json.Marshal(asStored(v))
	return string(b), err
}

// oneDoc reads the doc of the row query finds (sql.ErrNoRows: none).
func oneDoc[T any](ctx context.Context, q querier, query string, args ...any) (T, error) {
	return docOf[T](q.QueryRowContext(ctx, query, args...))
}

// allDocs reads the docs of the rows query finds, in its order.
func allDocs[T any](ctx context.Context, q querier, query string, args ...any) ([]T, error) {
	return rowsOf(ctx, q, docOf[T], query, args...)
}

// docOf reads a row whose one column is a doc.
func docOf[T any](s scanner) (T, error) {
	var v T
	var raw []byte
	if err := s.Scan(&raw); err != nil {
		return v, err
	}
	return v, unmarshalDoc(raw, &v)
}

// changed reports whether an exec changed a row.
func changed(res sql.Result, err error) (bool, error) {
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n > 0, err
}
