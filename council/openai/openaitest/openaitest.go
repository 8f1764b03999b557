// Package openaitest is a local server that answers like OpenAI's Responses
// API, for tests and benchmarks: by default it makes valid plans and rubric
// scores from the question it gets, and a test can script any call's
// status, Retry-After, delay or text.
package openaitest

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"time"
)

// Request is what a call asked.
type Request struct {
	Model, Instructions, Input, SchemaName string
	Auth                                   string // the Authorization header
	Trace                                  string // the X-Trace-Id header
}

// Reply scripts one answer. Zero fields mean: status 200, no delay, the
// default answer.
type Reply struct {
	Status     int
	RetryAfter string
	Delay      time.Duration // before answering (a hang past a time limit)
	Text       string        // the output text; "" = the default answer
}

// Server is the local model server.
type Server struct {
	*httptest.Server
	// Latency is added to every call (the benchmark's model time).
	Latency time.Duration

	mu    sync.Mutex
	calls []Request
	// Script, when set, decides a call's reply from its number (from 1)
	// and request; ok false means the default.
	script func(n int, r Request) (Reply, bool)
}

// New starts a server; Close it when done.
func New() *Server {
	s := &Server{}
	s.Server = httptest.NewServer(http.HandlerFunc(s.handle))
	return s
}

// URL is the base URL a client takes (OPENAI_BASE_URL).
func (s *Server) URL() string { return s.Server.URL + "/v1/" }

// Script sets how calls are answered.
func (s *Server) Script(f func(n int, r Request) (Reply, bool)) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.script = f
}

// Calls lists the requests received, in order.
func (s *Server) Calls() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Request(nil), s.calls...)
}

func (s *Server) handle(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost || !strings.HasSuffix(r.URL.Path, "/responses") {
		http.Error(w, `{"error":{"message":"not found","type":"invalid_request_error"}}`, http.StatusNotFound)
		return
	}
	body, _ := io.ReadAll(r.Body)
	var in struct {
		Model        string `json:"model"`
		Instructions string `json:"instructions"`
		Input        string `json:"input"`
		Text         struct {
			Format struct {
				Name string `json:"name"`
			} `json:"format"`
		} `json:"text"`
	}
	_ = json.Unmarshal(body, &in)
	req := Request{Model: in.Model, Instructions: in.Instructions, Input: in.Input, SchemaName: in.Text.Format.Name, Auth: r.Header.Get("Authorization"), Trace: r.Header.Get("X-Trace-Id")}
	s.mu.Lock()
	s.calls = append(s.calls, req)
	n := len(s.calls)
	script, latency := s.script, s.Latency
	s.mu.Unlock()
	reply := Reply{}
	if script != nil {
		if rp, ok := script(n, req); ok {
			reply = rp
		}
	}
	if d := latency + reply.Delay; d > 0 {
		select {
		case <-time.After(d):
		case <-r.Context().Done():
			return
		}
	}
	w.Header().Set("Content-Type", "application/json")
	if reply.Status != 0 && reply.Status != http.StatusOK {
		if reply.RetryAfter != "" {
			w.Header().Set("Retry-After", reply.RetryAfter)
		}
		w.WriteHeader(reply.Status)
		fmt.Fprintf(w, `{"error":{"message":"scripted %d","type":"scripted","code":"scripted"}}`, reply.Status)
		return
	}
	text := reply.Text
	if text == "" {
		text = DefaultAnswer(req)
	}
	out := map[string]any{
		"id": fmt.Sprintf("resp_%d", n), "object": "response", "created_at": 1700000000, "status": "completed", "model": req.Model,
		"output": []any{map[string]any{"type": "message", "id": fmt.Sprintf("msg_%d", n), "status": "completed", "role": "assistant",
			"content": []any{map[string]any{"type": "output_text", "text": text, "annotations": []any{}}}}},
		"usage": map[string]any{"input_tokens": len(req.Input) / 4, "output_tokens": len(text) / 4, "total_tokens": (len(req.Input) + len(text)) / 4,
			"input_tokens_details": map[string]any{"cached_tokens": 0}, "output_tokens_details": map[string]any{"reasoning_tokens": 0}},
	}
	_ = json.NewEncoder(w).Encode(out)
}

// DefaultAnswer is a valid answer to a planner (schema "plan") or to the
// referee (schema "rubric"): the fixed commitments kept, one rest block
// where it fits; every plan scored 3 but Sleep-first 4.
func DefaultAnswer(r Request) string {
	if r.SchemaName == "rubric" {
		var scores []map[string]any
		for _, a := range []string{"sleep_first", "errands_first", "admin_first"} {
			for _, d := range []string{"commitments_fit", "deadline_risk", "energy_match", "time_window", "inventory_risk"} {
				v := 3
				if a == "sleep_first" {
					v = 4
				}
				scores = append(scores, map[string]any{"archetype": a, "dimension": d, "value": v, "why": "scored by the test model"})
			}
		}
		b, _ := json.Marshal(map[string]any{"scores": scores})
		return string(b)
	}
	var in struct {
		WindowStart string `json:"window_start"`
		WindowEnd   string `json:"window_end"`
		Fixed       []struct {
			Start, End, Title string
		} `json:"fixed_commitments"`
		Notes []struct {
			ID string `json:"id"`
		} `json:"notes"`
		Health []string `json:"health_note_ids"`
	}
	// The input may carry a re-ask after the JSON.
	raw := r.Input
	if i := strings.Index(raw, "\n\nYour previous answer"); i >= 0 {
		raw = raw[:i]
	}
	_ = json.Unmarshal([]byte(raw), &in)
	start, _ := time.Parse(time.RFC3339, in.WindowStart)
	end, _ := time.Parse(time.RFC3339, in.WindowEnd)
	type block struct {
		Start   string   `json:"start"`
		End     string   `json:"end"`
		Title   string   `json:"title"`
		Kind    string   `json:"kind"`
		NoteIDs []string `json:"note_ids"`
	}
	blocks := []block{}
	var busy [][2]time.Time
	for _, f := range in.Fixed {
		fs, _ := time.Parse(time.RFC3339, f.Start)
		fe, _ := time.Parse(time.RFC3339, f.End)
		if fe.Before(start) || fs.After(end) {
			continue
		}
		busy = append(busy, [2]time.Time{fs, fe})
		blocks = append(blocks, block{f.Start, f.End, f.Title, "commitment", []string{}})
	}
	// The first note that is not a health note: those are never planned.
	ids := []string{}
	for _, n := range in.Notes {
		health := false
		for _, h := range in.Health {
			health = health || h == n.ID
		}
		if !health {
			ids = []string{n.ID}
			break
		}
	}
	for t := start; !t.Add(30 * time.Minute).After(end); t = t.Add(30 * time.Minute) {
		free := true
		for _, b := range busy {
			if t.Before(b[1]) && b[0].Before(t.Add(30*time.Minute)) {
				free = false
			}
		}
		if free {
			blocks = append(blocks, block{t.Format(time.RFC3339), t.Add(30 * time.Minute).Format(time.RFC3339), "Rest while the baby sleeps", "rest", ids})
			break
		}
	}
	b, _ := json.Marshal(map[string]any{"summary": "Rest first, then what cannot wait.", "blocks": blocks,
		"top": []any{map[string]any{"text": "Rest while the baby sleeps", "note_ids": ids}}})
	return string(b)
}
