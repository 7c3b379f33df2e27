//go:build linux

package browsertest

import (
	"os/exec"
	"syscall"
)

// dieWithParent makes the kernel kill the browser when the test binary
// dies, so a crashed or killed test leaves no Chromium behind.
func dieWithParent(cmd *exec.Cmd) {
	if cmd.SysProcAttr == nil {
		cmd.SysProcAttr = new(syscall.SysProcAttr)
	}
	cmd.SysProcAttr.Pdeathsig = syscall.SIGKILL
}
