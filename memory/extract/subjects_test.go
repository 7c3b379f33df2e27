package extract_test

import (
	"fmt"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/membot/membot/internal/fakeopenai"
	"github.com/membot/membot/memory/extract"
	"github.com/membot/membot/memory/service"
)

// The memory service lists subjects for the model extractor.
var _ extract.SubjectLister = (*service.Service)(nil)

// TestModelSeesOwnerSubjects checks that the extraction prompt lists the
// owner's existing subjects (from the store before the run, and from what
// earlier windows of the run stored) so the model can reuse their keys.
func TestModelSeesOwnerSubjects(t *testing.T) {
	e := newEnv(t, envConfig{})
	ann := e.person("Ann")
	e.insert(ann.ID, "Works at Acme", "employer")
	e.conv("console:dm")
	for i := range 14 {
		e.say("console:dm", ann, 2*i, fmt.Sprintf("note %d: I spent the afternoon reading about the history of trains and canals in Europe", i))
		e.reply("console:dm", 2*i+1, strings.Repeat("That sounds interesting. ", 20))
	}
	var mu sync.Mutex
	var prompts []string
	e.srv.OnSchema(extract.ExtractSchemaName, func(req *fakeopenai.ChatRequest) fakeopenai.Response {
		mu.Lock()
		defer mu.Unlock()
		prompts = append(prompts, firstUser(req))
		if len(prompts) == 1 {
			return memoriesAnswer(mem("Has a dog named Rex", "fact", "fact", "pet:rex", sourceIDs(req)[0]))
		}
		return memoriesAnswer()
	})
	e.srv.OnSchema(extract.ReconcileSchemaName, func(req *fakeopenai.ChatRequest) fakeopenai.Response {
		var ds []map[string]any
		for _, c := range regexp.MustCompile(`(?m)^(C\d+)[:：]`).FindAllStringSubmatch(req.LastUser(), -1) {
			ds = append(ds, decision(c[1], "ADD", nil, nil))
		}
		return decisionsAnswer(ds...)
	})
	if _, err := e.run("console:dm"); err != nil {
		t.Fatal(err)
	}
	if len(prompts) < 2 {
		t.Fatalf("%d extraction calls, want at least 2 windows", len(prompts))
	}
	if !strings.Contains(prompts[0], `"employer": "Works at Acme"`) {
		t.Errorf("first prompt does not list the stored subject:\n%s", prompts[0])
	}
	if strings.Contains(prompts[0], "pet:rex") {
		t.Errorf("first prompt lists a subject not stored yet")
	}
	if !strings.Contains(prompts[1], `"pet:rex": "Has a dog named Rex"`) || !strings.Contains(prompts[1], `"employer"`) {
		t.Errorf("second prompt does not list the subjects so far:\n%s", prompts[1])
	}
	if strings.Index(prompts[1], "pet:rex") > strings.Index(prompts[1], `"employer"`) {
		t.Errorf("the newest subject is not listed first")
	}
}
