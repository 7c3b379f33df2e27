//go:build !linux

package browsertest

import "os/exec"

// dieWithParent does nothing where the kernel cannot tie a child's life
// to its parent's; the browser is closed when the test ends.
func dieWithParent(*exec.Cmd) {}
