package recall

import (
	"math"
	"time"

	"github.com/membot/membot/memory"
)

// Prior is what is known about a memory apart from its match with the
// message, each part 0–1, and their weighted mean.
type Prior struct {
	Importance, Recency, Type, Confidence, Usage float64
	Value                                        float64
}

// recallable reports whether m may be recalled at now: active and not
// expired.
func recallable(m *memory.Memory, now time.Time) bool {
	if m.Status != memory.StatusActive {
		return false
	}
	return m.ExpiresAt.IsZero() || m.ExpiresAt.After(now)
}

// prior weighs what is known about m at now.
func (c *Config) prior(m *memory.Memory, now time.Time) Prior {
	p := Prior{
		Importance: clamp01(m.Importance),
		Recency:    c.recency(m, now),
		Type:       0.5,
		Confidence: clamp01(m.Confidence),
	}
	if w, ok := c.TypeWeights[m.Type]; ok {
		p.Type = clamp01(w)
	}
	if m.UseCount > 0 && c.UsageScale > 0 {
		p.Usage = 1 - math.Exp(-float64(m.UseCount)/c.UsageScale)
	}
	sum := c.WeightBase + c.WeightImportance + c.WeightRecency + c.WeightType + c.WeightConfidence + c.WeightUsage
	if sum <= 0 {
		p.Value = 1
		return p
	}
	p.Value = (c.WeightBase + c.WeightImportance*p.Importance + c.WeightRecency*p.Recency +
		c.WeightType*p.Type + c.WeightConfidence*p.Confidence + c.WeightUsage*p.Usage) / sum
	return p
}

// recency is 1 for long-term memories; facts halve every FactHalfLife
// since they were last written; temporary memories stay at 1 until their
// event and then halve every TemporaryHalfLife.
func (c *Config) recency(m *memory.Memory, now time.Time) float64 {
	switch m.Lifecycle {
	case memory.LifecycleLongTerm:
		return 1
	case memory.LifecycleTemporary:
		ref := lastWritten(m)
		if !m.EventTime.IsZero() {
			if m.EventTime.After(now) {
				return 1
			}
			ref = m.EventTime
		}
		return halfLife(now.Sub(ref), c.TemporaryHalfLife)
	default:
		return halfLife(now.Sub(lastWritten(m)), c.FactHalfLife)
	}
}

// lastWritten is when m was last created or updated.
func lastWritten(m *memory.Memory) time.Time {
	if m.UpdatedAt.After(m.CreatedAt) {
		return m.UpdatedAt
	}
	return m.CreatedAt
}

// halfLife decays 1 by half every h over age; a non-positive h or age
// does not decay.
func halfLife(age, h time.Duration) float64 {
	if h <= 0 || age <= 0 {
		return 1
	}
	return math.Exp2(-float64(age) / float64(h))
}
