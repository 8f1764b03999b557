package main

import (
	"context"
	"sync"

	"github.com/256dpi/lungo"
)

// useMongo runs the tests on store/mongo (BABYHANDOFF_TEST_ENGINE=mongo):
// one lungo engine in memory per DATA_DIR, kept for the test process, so
// that a bot stopped and started again on a DATA_DIR finds its data, as
// on a server. A child process (the crash tests) has its own memory.
func useMongo() {
	var mu sync.Mutex
	clients := map[string]lungo.IClient{}
	testMongoClient = func(dir string) (lungo.IClient, error) {
		mu.Lock()
		defer mu.Unlock()
		if c, ok := clients[dir]; ok {
			return c, nil
		}
		c, _, err := lungo.Open(context.Background(), lungo.Options{Store: lungo.NewMemoryStore()})
		if err == nil {
			clients[dir] = c
		}
		return c, err
	}
}
