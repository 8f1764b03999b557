package keylock

import (
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestOneHolderPerKey(t *testing.T) {
	var l Locks
	var wg sync.WaitGroup
	inside := map[string]int{}
	var mu sync.Mutex
	worst := 0
	for i := 0; i < 200; i++ {
		key := []string{"a", "b"}[i%2]
		wg.Add(1)
		go func() {
			defer wg.Done()
			unlock := l.Lock(key)
			defer unlock()
			mu.Lock()
			inside[key]++
			worst = max(worst, inside[key])
			mu.Unlock()
			mu.Lock()
			inside[key]--
			mu.Unlock()
		}()
	}
	wg.Wait()
	assert.Equal(t, 1, worst, "two holders of one key at once")
	assert.Zero(t, l.Len(), "a key nobody holds is forgotten")
}

func TestOtherKeysAreNotBlocked(t *testing.T) {
	var l Locks
	unlockA := l.Lock("a")
	// b must be free while a is held: this would deadlock otherwise.
	unlockB := l.Lock("b")
	require.Equal(t, 2, l.Len())
	unlockB()
	unlockA()
	assert.Zero(t, l.Len())
}

func TestAWaiterKeepsTheKey(t *testing.T) {
	var l Locks
	unlock := l.Lock("a")
	got := make(chan func())
	go func() { got <- l.Lock("a") }()
	// The waiter holds a reference, so the entry survives the first unlock.
	require.Eventually(t, func() bool {
		l.mu.Lock()
		defer l.mu.Unlock()
		return l.locks["a"] != nil && l.locks["a"].refs == 2
	}, testTimeout, testTick)
	unlock()
	second := <-got
	assert.Equal(t, 1, l.Len())
	second()
	assert.Zero(t, l.Len())
}

const (
	testTimeout = 5e9 // 5 s: generous on a loaded machine; not a timing assertion
	testTick    = 1e6
)
