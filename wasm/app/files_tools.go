//go:build js && wasm && !mainmodule

package main

import (
	"github.com/ccplay/ccplay/ui"
	"github.com/vugu/vugu"
)

// addToolFiles adds the log doctor's file input (data-file="doctor") to
// targets and has the doctor fetch its example logs from public/examples/.
func addToolFiles(env vugu.EventEnv, root *ui.App, targets map[string]fileTarget) {
	root.Doctor.Load = exampleLoader(env)
	targets["doctor"] = fileTarget{ui.MaxDoctorBytes, root.Doctor.CheckLogFile, root.Doctor.LogFileError}
}
