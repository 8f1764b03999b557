package radar

// SentKeys is how many post keys the nudger remembers (its sent memo).
func (n *Nudger) SentKeys() int {
	n.mu.Lock()
	defer n.mu.Unlock()
	return len(n.sent)
}

// Started is closed when Run's first sweep is over.
func (n *Nudger) Started() <-chan struct{} { return n.started }
