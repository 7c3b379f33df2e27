// Package panele2e holds the end-to-end tests of the memory panel: a
// whole membot (the production wiring of internal/app) chatting on a
// fake Telegram, answering through a fake model, with its panel on the
// operator's listener, driven in a real headless Chromium
// (internal/browsertest). It has no code of its own outside the tests.
package panele2e
