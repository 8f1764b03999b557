package sqlite

import (
	"context"
	"database/sql"
	"sync"
)

// This file: statements prepared once per pool. SQLite parses a statement
// each time it is prepared, and database/sql prepares one for every query
// it is given as text: with a note's 47 columns the parse cost more than
// the read (a 30-day soak profile: 15 % of the CPU in SQLite's parser).
// database/sql keeps a prepared statement on each connection it was used
// on, and prepares it again on a new one.
//
// A statement is prepared on its pool only when the caller holds none of
// the pool's connections (preparing takes one: inside a transaction on the
// writer's only connection, or with every reader busy, it would wait for
// itself). A query first met inside a transaction runs as text and is
// prepared after the transaction ends (warm).

// maxStmts bounds a pool's prepared statements: queries are written in
// the code, but a list of ids makes one per length.
const maxStmts = 256

// stmts are a pool's prepared statements, by query, and the queries met
// inside a transaction, to prepare after it.
type stmts struct {
	pool   *sql.DB
	mu     sync.Mutex
	m      map[string]*sql.Stmt
	wanted map[string]bool
}

func newStmts(pool *sql.DB) *stmts {
	return &stmts{pool: pool, m: map[string]*sql.Stmt{}, wanted: map[string]bool{}}
}

// lookup is query's prepared statement, or nil (then it is wanted).
func (s *stmts) lookup(query string) *sql.Stmt {
	s.mu.Lock()
	defer s.mu.Unlock()
	st := s.m[query]
	if st == nil && len(s.m)+len(s.wanted) < maxStmts {
		s.wanted[query] = true
	}
	return st
}

// prepared is query prepared on the pool (nil past maxStmts); the caller
// must hold none of the pool's connections.
func (s *stmts) prepared(ctx context.Context, query string) *sql.Stmt {
	if st := s.lookup(query); st != nil {
		return st
	}
	s.warm(ctx)
	return s.lookup(query)
}

// warm prepares the wanted queries; the caller must hold none of the
// pool's connections. No lock is held while preparing: a preparation waits
// for a free connection, and the readers holding them may be looking up
// their statements meanwhile. A query that fails to prepare stays text: it
// fails again, with its error, where it runs.
func (s *stmts) warm(ctx context.Context) {
	s.mu.Lock()
	var queries []string
	for q := range s.wanted {
		queries = append(queries, q)
		delete(s.wanted, q)
	}
	s.mu.Unlock()
	for _, q := range queries {
		st, err := s.pool.PrepareContext(ctx, q)
		if err != nil {
			continue
		}
		s.mu.Lock()
		if s.m[q] == nil {
			s.m[q], st = st, nil
		}
		s.mu.Unlock()
		if st != nil {
			_ = st.Close() // prepared twice at once: the first one stays
		}
	}
}

// close closes every statement kept, before its pool.
func (s *stmts) close() {
	s.mu.Lock()
	defer s.mu.Unlock()
	for q, st := range s.m {
		_ = st.Close() // the pool closes next: nothing is left to release
		delete(s.m, q)
	}
}

// pooled is a pool as a querier whose statements are prepared once.
type pooled struct{ s *stmts }

func (p pooled) ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error) {
	if st := p.s.prepared(ctx, query); st != nil {
		return st.ExecContext(ctx, args...)
	}
	return p.s.pool.ExecContext(ctx, query, args...)
}

func (p pooled) QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	if st := p.s.prepared(ctx, query); st != nil {
		return st.QueryContext(ctx, args...)
	}
	return p.s.pool.QueryContext(ctx, query, args...)
}

func (p pooled) QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row {
	if st := p.s.prepared(ctx, query); st != nil {
		return st.QueryRowContext(ctx, args...)
	}
	return p.s.pool.QueryRowContext(ctx, query, args...)
}

// txQuerier is a transaction as a querier that uses its pool's prepared
// statements (never preparing one: see above).
type txQuerier struct {
	tx *sql.Tx
	s  *stmts
}

func (t txQuerier) ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error) {
	if st := t.s.lookup(query); st != nil {
		return t.tx.StmtContext(ctx, st).ExecContext(ctx, args...)
	}
	return t.tx.ExecContext(ctx, query, args...)
}

func (t txQuerier) QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	if st := t.s.lookup(query); st != nil {
		return t.tx.StmtContext(ctx, st).QueryContext(ctx, args...)
	}
	return t.tx.QueryContext(ctx, query, args...)
}

func (t txQuerier) QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row {
	if st := t.s.lookup(query); st != nil {
		return t.tx.StmtContext(ctx, st).QueryRowContext(ctx, args...)
	}
	return t.tx.QueryRowContext(ctx, query, args...)
}
