package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/ccplay/ccplay/core/doctor"
	"github.com/ccplay/ccplay/core/field"
	"github.com/ccplay/ccplay/core/fielderr"
	"github.com/ccplay/ccplay/core/nccltests"
	"github.com/ccplay/ccplay/core/topo"
	"github.com/ccplay/ccplay/report"
)

func init() {
	commands["doctor"] = command{
		summary: "is my bandwidth normal? an nccl-tests log against what its system should give (NCCL's model), with the causes the log shows",
		run:     runDoctor,
	}
}

const (
	doctorSynopsis = "ccplay doctor FILE|- [flags]"
	doctorAbout    = "Reads an nccl-tests log (text, with or without NCCL_DEBUG=INFO lines, or -J JSON; - reads stdin),\n" +
		"infers the system (GPU model → preset, ranks per host, NICs) or takes --system, and sets every\n" +
		"measured row against the busbw NCCL's model expects there (the model NCCL's tuner and its pipeline start-up give). The one-line verdict\n" +
		"comes first: the mean fraction of expected over the bandwidth-bound rows (the model's bandwidth\n" +
		"term ≥ 95 % of its time), normal from 80 %. Then the question asked, the regimes, the peak, every\n" +
		"row, and the causes the log shows, each with its line; a log of several tables gets one verdict\n" +
		"per table (docs/doctor.md).\n" +
		"Exit status: 0; 1 with --fail-below F when the bandwidth-bound rows reach less than F of expected\n" +
		"(or none can be judged); 2 for a bad flag or a log with a line that cannot be read (what could\n" +
		"be read is still judged and printed)."
)

// maxDoctorInput caps the log read (nccltests.MaxInput).
const maxDoctorInput = nccltests.MaxInput

// runDoctor implements `ccplay doctor`.
func runDoctor(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	f := newFlagSet("doctor")
	f.text("system", "the system preset to judge against instead of the one the GPU implies: "+strings.Join(topo.SystemNames(), ", "), "")
	f.text("ranks", "the ranks, for a pasted table without \"# Rank\" lines", "")
	f.text("collective", "the collective, for a pasted table without its command line", "")
	f.text("nccl-algo", "NCCL_ALGO as the run had it when the log does not show it (Ring, Tree, NVLS, …; NCCL's syntax): the expectation uses it", "")
	f.text("nccl-proto", "NCCL_PROTO as the run had it when the log does not show it (LL, LL128, Simple): the expectation uses it", "")
	f.text("nccl-buffsize", "NCCL_BUFFSIZE as the run had it when the log does not show it (bytes, or with a unit: 8MiB): the expectation uses it", "")
	f.text("fail-below", "exit with status 1 when the bandwidth-bound rows reach less than this fraction of expected (0.8 or 80%)", "")
	asJSON := f.boolean("json", "print the verdict as JSON, as POST /api/v1/doctor answers")
	file, err := parseDoctorArgs(f, args)
	if err != nil {
		return f.parseFailed(err, stdout, stderr, doctorSynopsis, doctorAbout)
	}
	o, failBelow, err := doctorOptions(f)
	if err != nil {
		return f.report(stderr, err)
	}
	data, err := readDoctorInput(file, stdin)
	if err != nil {
		return fail(stderr, "%s", err.Error())
	}
	v, logErr := doctor.Judge(data, o)
	if v == nil {
		return f.report(stderr, logErr)
	}
	var out string
	if *asJSON {
		if out, err = marshalJSON(doctor.AnswerOf(v, logErr), true); err != nil {
			return f.report(stderr, err)
		}
	} else {
		var b strings.Builder
		report.Doctor(&b, v) //nolint:errcheck // a strings.Builder never fails
		out = b.String()
	}
	if code := write(stdout, stderr, out); code != exitOK {
		return code
	}
	if logErr != nil {
		fmt.Fprintf(stderr, "ccplay: %s: %s\n", file, oneLine(logErrMsg(logErr)))
		return exitUsage
	}
	if f.isGiven("fail-below") && !v.Reaches(failBelow) {
		if v.Class == doctor.ClassCannotJudge {
			fmt.Fprintf(stderr, "ccplay: --fail-below: no bandwidth-bound row could be judged (%s)\n", oneLine(v.Summary.Msg))
		} else {
			fmt.Fprintf(stderr, "ccplay: --fail-below: bandwidth-bound rows reach %.0f %% of expected, below %.0f %%\n", 100*v.Fraction, 100*failBelow)
		}
		return exitInternal
	}
	return exitOK
}

// parseDoctorArgs parses flags before and after the one positional FILE
// (or - for stdin), which it returns.
func parseDoctorArgs(f *flagSet, args []string) (string, error) {
	if err := f.fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return "", flag.ErrHelp
		}
		return "", errors.New(f.describe(err))
	}
	rest := f.fs.Args()
	if len(rest) == 0 {
		return "", errors.New("doctor: give the log: ccplay doctor FILE (or - for stdin)")
	}
	file := rest[0]
	if err := f.fs.Parse(rest[1:]); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return "", flag.ErrHelp
		}
		return "", errors.New(f.describe(err))
	}
	if more := f.fs.Args(); len(more) > 0 {
		return "", fmt.Errorf("doctor: unexpected argument %q; give one log (see ccplay doctor -h)", more[0])
	}
	return file, nil
}

// doctorOptions reads the flags through doctor.OptionsOf, as the API and
// the playground read theirs.
func doctorOptions(f *flagSet) (doctor.Options, float64, error) {
	get := f.lookup()
	o, err := doctor.OptionsOf(get)
	if err != nil {
		return o, 0, err
	}
	if _, ok := get("fail-below"); !ok {
		return o, 0, nil
	}
	fb, err := field.Fraction(get, "fail-below", "")
	return o, fb, err
}

// readDoctorInput reads FILE, or stdin for "-", up to maxDoctorInput.
func readDoctorInput(file string, stdin io.Reader) ([]byte, error) {
	var r io.Reader = stdin
	if file != "-" {
		fh, err := os.Open(file)
		if err != nil {
			return nil, fmt.Errorf("doctor: %s", err.Error())
		}
		defer fh.Close()
		r = fh
	}
	data, err := io.ReadAll(io.LimitReader(r, maxDoctorInput+1))
	if err != nil {
		return nil, fmt.Errorf("doctor: reading %s: %s", file, err.Error())
	}
	if len(data) > maxDoctorInput {
		return nil, fmt.Errorf("doctor: %s is larger than %d bytes (64 MiB), the most nccl-tests logs are read to", file, maxDoctorInput)
	}
	return data, nil
}

// logErrMsg is a log problem's message ("line 11: …").
func logErrMsg(err error) string {
	var fe *fielderr.Error
	if errors.As(err, &fe) {
		return fe.Msg
	}
	return err.Error()
}
