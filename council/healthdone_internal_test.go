package council

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// A done note is a resolved health note when its Medical flag says so,
// the learned model's rescue included, not only when the rules read it.
func TestHealthDoneReadsAsTheNote(t *testing.T) {
	assert.True(t, healthDone("circ looks really red with yellow crust on it"))
	assert.False(t, healthDone("buy wipes and a new pack of nappies"))
}
