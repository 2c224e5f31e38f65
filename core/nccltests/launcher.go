package nccltests

import "strings"

// This file removes what launchers, terminals and log collectors put in
// front of (and inside) the lines nccl-tests and NCCL print, so that a
// log pasted from any of them reads as the bare output:
//
//   - ANSI escape sequences (colour codes, "ESC [ … letter");
//   - Slurm's `srun --label` task number (" 0: ", "12: ");
//   - Open MPI's `--tag-output` ("[1,0]<stdout>:", "[1,0]<stderr>:") and
//     the ctime stamp `--timestamp-output` writes before it
//     ("Tue Dec  2 02:44:24 2025");
//   - torchrun's `--tee`/`--log-line-prefix-template` tags ("[rank0]:",
//     "[default0]:");
//   - a rank tag "[0]" before a row or a '#' line, repeated inside a row
//     printed in several writes ("[0]  1048576  …  -1[0]  1626.5 …");
//   - `kubectl logs --prefix` ("[pod/name/container] ") and pdsh/clush
//     host prefixes ("node-a: ");
//   - timestamps: ISO 8601 ("2025-01-02T03:04:05.678Z", "2025-01-02
//     03:04:05,678", bracketed or not), syslog ("Jan  2 03:04:05") and
//     clock times ("03:04:05.678").
//
// Prefixes stack (pdsh around srun, a timestamp before a tag), so up to
// maxPrefixes are removed, each in time linear in its length. A prefix is
// taken only where it ends in the separator its launcher writes (": ",
// ">:", "]:", "] " or a space after a timestamp), so NCCL's own
// "host:pid:tid" prefix, a row's leading number and a '#' header are
// never taken for one.

// maxPrefixes bounds the prefixes removed from one line.
const maxPrefixes = 6

// cleanLine returns raw without its trailing CR, its ANSI escapes and the
// launcher prefixes in front of it.
func cleanLine(raw string) string {
	s := strings.TrimRight(raw, "\r")
	if strings.IndexByte(s, 0x1b) >= 0 {
		s = stripANSI(s)
	}
	for range maxPrefixes {
		t := strings.TrimLeft(s, " \t")
		rest, ok := cutPrefix(t)
		if !ok {
			return s
		}
		s = rest
	}
	return s
}

// stripANSI removes CSI sequences (ESC '[' parameters final-byte) and any
// other lone ESC with the byte after it.
func stripANSI(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != 0x1b {
			b.WriteByte(s[i])
			continue
		}
		if i+1 < len(s) && s[i+1] == '[' {
			j := i + 2
			for j < len(s) && (s[j] < 0x40 || s[j] > 0x7e) {
				j++
			}
			i = j
			continue
		}
		i++ // ESC and the byte after it
	}
	return b.String()
}

// cutPrefix removes one launcher prefix from t (no leading blanks).
func cutPrefix(t string) (string, bool) {
	if t == "" || t[0] == '#' {
		return t, false
	}
	if t[0] == '[' {
		return cutBracket(t)
	}
	if rest, ok := cutTimestamp(t); ok {
		return rest, true
	}
	// "12: " (srun --label) or "node-a: " (pdsh): one word, ':', blank.
	i := strings.IndexByte(t, ':')
	if i <= 0 || i+1 >= len(t) || t[i+1] != ' ' && t[i+1] != '\t' {
		return t, false
	}
	if isUint(t[:i]) || isHostName(t[:i]) {
		return t[i+1:], true
	}
	return t, false
}

// cutBracket removes "[1,0]<stdout>:", "[rank0]:", "[default0]:",
// "[pod/name/container] " or a bracketed timestamp.
func cutBracket(t string) (string, bool) {
	end := strings.IndexByte(t, ']')
	if end < 0 {
		return t, false
	}
	in, rest := t[1:end], t[end+1:]
	switch {
	case strings.HasPrefix(rest, "<stdout>:"), strings.HasPrefix(rest, "<stderr>:"), strings.HasPrefix(rest, "<stddiag>:"):
		return rest[len("<stdout>:"):], isRankPair(in)
	case strings.HasPrefix(rest, ":") && (rankTag(in, "rank") || rankTag(in, "default")):
		return rest[1:], true
	case strings.HasPrefix(rest, " ") && strings.HasPrefix(in, "pod/"):
		return rest[1:], true
	case isUint(in) && startsRow(rest):
		// "[0]   1048576  262144  float  sum  -1[0]  1626.5 …": a launcher
		// that tags each write of a rank, so a row printed in pieces
		// carries the tag inside it too.
		return strings.ReplaceAll(rest, "["+in+"]", " "), true
	case strings.HasPrefix(rest, " ") || rest == "":
		if _, ok := cutTimestamp(in + " "); ok {
			return rest, true
		}
	}
	return t, false
}

// startsRow reports whether s, after blanks, starts a table row or a '#'
// line (a digit or '#'), not a message ("[0] NCCL INFO …" keeps its tag).
func startsRow(s string) bool {
	t := strings.TrimLeft(s, " \t")
	return t != "" && (t[0] == '#' || t[0] >= '0' && t[0] <= '9')
}

// isRankPair reports whether s is Open MPI's "jobid,rank" ("1,0").
func isRankPair(s string) bool {
	a, b, ok := strings.Cut(s, ",")
	return ok && isUint(a) && isUint(b)
}

// rankTag reports whether s is word followed by a rank number ("rank0").
func rankTag(s, word string) bool {
	n, ok := strings.CutPrefix(s, word)
	return ok && isUint(n)
}

// isHostName reports whether s reads as a host name a pdsh-style
// collector writes: letters, digits, '-', '.', '_', starting with a
// letter, with at least one digit or '-' (so an English word before a
// colon, "Warning: …", is not taken for a host).
func isHostName(s string) bool {
	if len(s) > 64 || !(s[0] >= 'a' && s[0] <= 'z' || s[0] >= 'A' && s[0] <= 'Z') {
		return false
	}
	marked := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z':
		case c >= '0' && c <= '9', c == '-', c == '.', c == '_':
			marked = true
		default:
			return false
		}
	}
	return marked
}

var (
	weekdays = []string{"Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"}
	months   = []string{"Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"}
)

// cutTimestamp removes a leading timestamp and the blanks (or ':' and
// blanks) after it: ISO 8601 date-times, ctime ("Tue Dec  2 02:44:24
// 2025"), syslog ("Dec  2 02:44:24") and clock times ("02:44:24.123").
// A bare date or number is not a timestamp.
func cutTimestamp(t string) (string, bool) {
	rest := t
	if w, ok := oneOf(rest, weekdays); ok {
		rest = strings.TrimLeft(w, " ")
	}
	dated := false
	if m, ok := oneOf(rest, months); ok { // "Dec  2 02:44:24"
		m = strings.TrimLeft(m, " ")
		n := digits(m)
		if n < 1 || n > 2 || len(m) <= n || m[n] != ' ' {
			return t, false
		}
		rest, dated = m[n+1:], true
	} else if n := digits(rest); n == 4 && len(rest) > 10 && rest[4] == '-' && digits(rest[5:]) == 2 && rest[7] == '-' && digits(rest[8:]) == 2 {
		rest, dated = rest[10:], true // "2025-01-02"
		if rest != "" && (rest[0] == 'T' || rest[0] == ' ') {
			rest = rest[1:]
		} else {
			return t, false
		}
	}
	rest, ok := cutClock(rest)
	if !ok {
		return t, false
	}
	if dated && len(rest) >= 5 && rest[0] == ' ' && digits(rest[1:]) == 4 { // ctime's year
		rest = rest[5:]
	}
	if zone := strings.IndexAny(rest, " :"); zone > 0 && zone <= 6 && (rest[0] == 'Z' || rest[0] == '+' || rest[0] == '-') {
		rest = rest[zone:]
	} else if rest == "Z" {
		rest = ""
	}
	if rest != "" && rest[0] != ' ' && rest[0] != ':' && rest[0] != '\t' && rest[0] != '[' {
		return t, false
	}
	rest = strings.TrimLeft(rest, ": \t")
	return rest, true
}

// cutClock removes "hh:mm:ss" with an optional ".fff" or ",fff".
func cutClock(s string) (string, bool) {
	if len(s) < 8 || digits(s) != 2 || s[2] != ':' || digits(s[3:]) != 2 || s[5] != ':' || digits(s[6:]) != 2 {
		return s, false
	}
	s = s[8:]
	if len(s) > 1 && (s[0] == '.' || s[0] == ',') && digits(s[1:]) > 0 {
		s = s[1+digits(s[1:]):]
	}
	return s, true
}

// oneOf removes one of words (followed by a blank) from the front of s.
func oneOf(s string, words []string) (string, bool) {
	for _, w := range words {
		if len(s) > len(w) && s[:len(w)] == w && s[len(w)] == ' ' {
			return s[len(w):], true
		}
	}
	return s, false
}

// digits counts the leading ASCII digits of s.
func digits(s string) int {
	n := 0
	for n < len(s) && s[n] >= '0' && s[n] <= '9' {
		n++
	}
	return n
}
