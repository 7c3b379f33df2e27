package bot

import (
	"context"
	"runtime/debug"
)

// queue runs one conversation's jobs one after another, so replies in a
// conversation never interleave. A worker goroutine exists only while the
// queue has work.
type queue struct {
	jobs []func(context.Context)
}

// enqueue appends job to the conversation's queue, starting its worker if
// idle. It returns false once the engine is closed.
func (e *Engine) enqueue(conversationID string, job func(context.Context)) bool {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.closed {
		return false
	}
	q, running := e.queues[conversationID]
	if !running {
		q = &queue{}
		e.queues[conversationID] = q
	}
	q.jobs = append(q.jobs, job)
	if !running {
		e.wg.Add(1)
		go e.work(conversationID, q)
	}
	return true
}

func (e *Engine) work(conversationID string, q *queue) {
	defer e.wg.Done()
	for {
		e.mu.Lock()
		if len(q.jobs) == 0 {
			delete(e.queues, conversationID)
			e.mu.Unlock()
			return
		}
		job := q.jobs[0]
		q.jobs[0] = nil
		q.jobs = q.jobs[1:]
		e.mu.Unlock()
		e.run(conversationID, job)
	}
}

// run runs one job; a panic in it is logged and costs only that reply,
// not the process and every other conversation.
func (e *Engine) run(conversationID string, job func(context.Context)) {
	defer func() {
		if p := recover(); p != nil {
			e.log.Error("reply job panicked", "conversation", conversationID, "panic", p, "stack", string(debug.Stack()))
		}
	}()
	job(e.ctx)
}

// goBackground runs f on a goroutine the engine waits for at Close.
func (e *Engine) goBackground(f func(ctx context.Context)) {
	e.wg.Add(1)
	go func() {
		defer e.wg.Done()
		f(e.ctx)
	}()
}
