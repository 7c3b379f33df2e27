package extract

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/subject"
)

// A job is often the only place a person's town was said ("I teach maths
// at a school in Leeds", "我在成都一家医院当护士"). When they then move, the
// job memory would go on placing them in the old town beside the new
// home: reconciliation takes the old town out of it, keeping the earlier
// text in its history.

// enJobTown is the town a job is held in, said at its end.
var enJobTown = regexp.MustCompile(`\s+in\s+([A-Z][a-z]+(?:\s+[A-Z][a-z]+)?)$`)

// zhJobTown is the town that opens the place of a job ("成都一家医院",
// "上海的外企"), or the whole place when it is one ("杭州").
var zhJobTown = regexp.MustCompile(`^在(\p{Han}{2,4}?)(的|一家|某|一个|一所)?(\p{Han}*?)((?:做|当|干).+)$`)

// zhNotTown is a place's lead that is an institution or a room, not a town.
var zhNotTown = regexp.MustCompile(`[校院店厂司馆部局所室场站园家里边]$`)

// jobTown splits a job memory's text into the job without its town and
// the town; ok is false when it names none.
func jobTown(t string) (job, town string, ok bool) {
	if m := enJobTown.FindStringSubmatchIndex(t); m != nil {
		return t[:m[0]], t[m[2]:m[3]], true
	}
	m := zhJobTown.FindStringSubmatch(t)
	if m == nil || zhOrg.MatchString(m[1]) || zhNotTown.MatchString(m[1]) || zhNotWork.MatchString(m[1]) {
		return "", "", false
	}
	if n := utf8.RuneCountInString(m[1]); n < 2 || n > 4 || m[3] != "" && !zhOrg.MatchString(m[3]) {
		return "", "", false
	}
	if m[2]+m[3] == "" {
		return m[4], m[1], true // "在杭州做运营" → "做运营"
	}
	return "在" + strings.TrimPrefix(m[2], "的") + m[3] + m[4], m[1], true
}

// movedJobs finds, for a move (a change of residence), the owner's job
// memories that name another town: when no home was stored before, any
// other town; when one was, only the town of that home ("a teacher in
// Leeds" who lived in Leeds and moved to York), since a job in another
// town may be a commute the move does not end.
func (r *Reconciler) movedJobs(ctx context.Context, owner string, c memory.Memory, near []memory.Memory) ([]memory.Memory, error) {
	if subject.Key(c.Subject) != subject.Residence || !changeMarked(c) {
		return nil, nil
	}
	var homes []string
	for _, m := range near {
		if m.Status == memory.StatusActive && subject.Key(m.Subject) == subject.Residence {
			homes = append(homes, m.Text)
		}
	}
	leftHome := func(town string) bool {
		return len(homes) == 0 || slices.ContainsFunc(homes, func(h string) bool { return strings.Contains(h, town) })
	}
	var out []memory.Memory
	for _, key := range []string{subject.Employer, subject.Occupation, subject.Identity} {
		jobs, err := r.mem.Similar(ctx, owner, "", key, nil, defaultNeighbours)
		if err != nil {
			return nil, fmt.Errorf("find jobs of %s: %w", owner, err)
		}
		for _, m := range jobs {
			if m.Owner != owner || m.Status != memory.StatusActive || subject.Key(m.Subject) != key {
				continue
			}
			if _, town, ok := jobTown(m.Text); ok && !strings.Contains(c.Text, town) && leftHome(town) {
				out = append(out, m)
			}
		}
	}
	return out, nil
}

// dropTown rewrites a job memory without the town the person moved away
// from; a memory that changed or went inactive meanwhile is left alone.
func (r *Reconciler) dropTown(ctx context.Context, owner string, job memory.Memory) error {
	now := r.now()
	_, err := r.mem.Modify(ctx, owner, job.ID, func(m *memory.Memory) error {
		text, _, ok := jobTown(m.Text)
		if m.Status != memory.StatusActive || !ok || !validObject(text) {
			return errInactive
		}
		m.AddVersion(memory.Version{Text: m.Text, Time: now, Reason: "moved away", Action: "update"})
		m.Text, m.UpdatedAt = text, now
		return nil
	})
	if errors.Is(err, errInactive) || errors.Is(err, memory.ErrNotFound) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("update job %s: %w", job.ID, err)
	}
	return nil
}
