package ui

import (
	"errors"
	"strconv"
	"strings"
)

// LessonIDs are the lessons in the order a student takes them; each has a
// file per language, public/lessons/<id>.<lang>.txt.
var LessonIDs = []string{"network", "primitives", "ring", "tree", "cost-model", "hierarchy", "parallelism", "moe", "streams", "production", "interview"}

// IsLesson reports whether id names a lesson.
func IsLesson(id string) bool {
	for _, x := range LessonIDs {
		if x == id {
			return true
		}
	}
	return false
}

// Lesson is one guided page as its file states it: a title and blocks in
// reading order.
type Lesson struct {
	Title  string
	Blocks []Block
	// Summary are the lines shown once every question is answered.
	Summary []string
}

// Block kinds.
const (
	BlockPara     = "p"        // a paragraph of prose
	BlockHeading  = "h"        // a section heading
	BlockView     = "view"     // a live view of the playground
	BlockQuestion = "question" // a prediction, answered by core's numbers
	BlockCode     = "code"     // a command and what it printed, verbatim
)

// Field is one key=value of a view's or a question's state (a control
// field, or a planner field as plan.<name>).
type Field struct{ Key, Value string }

// Block is one element of a lesson. A view carries the state it opens with
// and the controls shown beside it; a question carries its metric, its
// variants (the first is the one asked, the others give the wrong options;
// each is the question's base fields overridden by its own), its prompt
// and the explanation shown once it is answered, where {0}, {1}… stand for
// the variants' values.
type Block struct {
	Kind     string
	Text     string // paragraph or heading; the prompt of a question
	View     string
	Fields   []Field
	Controls []string
	Metric   string
	Variants [][]Field
	Why      string
	// Tol > 0 makes the question a free numeric answer: a typed value
	// within Tol (a fraction) of variant 0's is right.
	Tol float64
	// Reasons[i] says why variant i is not the answer ("" when none is
	// given); it is shown when the student picks or types it.
	Reasons []string
}

// ParseLesson reads a lesson file. The format is line by line (blank lines
// are ignored):
//
//	# title
//	## section heading
//	{{view <name> key=value … controls=field,field}}
//	{{question <metric> key=value … | key=value … | …}}
//	? prompt of the question above
//	= explanation of the question above, with {0}, {1}… for the values
//	~ 5%   the question above takes a typed number, right within 5 %
//	! 2 why variant 2 is not the answer (shown when it is picked)
//	> a line of the summary shown at the end
//	$ a command, | a line it printed (consecutive lines: one code block)
//	any other line: one paragraph
//
// A question needs at least two variants, a prompt and an explanation.
// Errors name the line. Pure: the page, the server's first paint and the
// tests all read lessons with it. O(len(data)).
func ParseLesson(data []byte) (Lesson, error) {
	var l Lesson
	for i, raw := range strings.Split(string(data), "\n") {
		line := strings.TrimSpace(raw)
		if strings.HasPrefix(line, "$ ") || line == "|" || strings.HasPrefix(line, "| ") {
			text := strings.TrimRight(strings.TrimPrefix(strings.TrimPrefix(strings.TrimLeft(raw, " \t"), "|"), " "), " \t\r")
			if line[0] == '$' {
				text = line
			}
			if n := len(l.Blocks); n > 0 && l.Blocks[n-1].Kind == BlockCode {
				l.Blocks[n-1].Text += "\n" + text
			} else {
				l.Blocks = append(l.Blocks, Block{Kind: BlockCode, Text: text})
			}
			continue
		}
		fail := func(msg string) (Lesson, error) {
			return Lesson{}, errors.New("line " + strconv.Itoa(i+1) + ": " + msg)
		}
		last := func() *Block {
			if n := len(l.Blocks); n > 0 && l.Blocks[n-1].Kind == BlockQuestion {
				return &l.Blocks[n-1]
			}
			return nil
		}
		switch {
		case line == "":
		case strings.HasPrefix(line, "## "):
			l.Blocks = append(l.Blocks, Block{Kind: BlockHeading, Text: line[3:]})
		case strings.HasPrefix(line, "# "):
			if l.Title != "" {
				return fail("a second title")
			}
			l.Title = line[2:]
		case strings.HasPrefix(line, "{{"):
			if !strings.HasSuffix(line, "}}") {
				return fail("a directive must end with }} on its line")
			}
			b, err := parseDirective(line[2 : len(line)-2])
			if err != nil {
				return fail(err.Error())
			}
			l.Blocks = append(l.Blocks, b)
		case strings.HasPrefix(line, "> "):
			l.Summary = append(l.Summary, line[2:])
		case strings.HasPrefix(line, "~ "), strings.HasPrefix(line, "! "):
			q := last()
			if q == nil {
				return fail("a tolerance or reason must follow a question")
			}
			if line[0] == '~' {
				v, err := strconv.ParseFloat(strings.TrimSuffix(strings.TrimSpace(line[2:]), "%"), 64)
				if err != nil || !strings.HasSuffix(line, "%") || v <= 0 || v >= 100 {
					return fail("a tolerance is a percentage above 0 and below 100: ~ 5%")
				}
				q.Tol = v / 100
				continue
			}
			n, why, _ := strings.Cut(line[2:], " ")
			i, err := strconv.Atoi(n)
			if err != nil || i < 1 || i >= len(q.Variants) || strings.TrimSpace(why) == "" {
				return fail("a reason names a wrong variant and says why: ! 1 because …")
			}
			for len(q.Reasons) < len(q.Variants) {
				q.Reasons = append(q.Reasons, "")
			}
			q.Reasons[i] = strings.TrimSpace(why)
		case strings.HasPrefix(line, "? "), strings.HasPrefix(line, "= "):
			q := last()
			if q == nil {
				return fail("a prompt or explanation must follow a question")
			}
			if line[0] == '?' {
				q.Text = line[2:]
			} else {
				q.Why = line[2:]
			}
		default:
			l.Blocks = append(l.Blocks, Block{Kind: BlockPara, Text: line})
		}
	}
	if l.Title == "" {
		return Lesson{}, errors.New("no title (a line starting with '# ')")
	}
	for _, b := range l.Blocks {
		if b.Kind == BlockQuestion && (b.Text == "" || b.Why == "") {
			return Lesson{}, errors.New("question " + b.Metric + ": needs a '? ' prompt and an '= ' explanation")
		}
	}
	return l, nil
}

// parseDirective reads the inside of {{view …}} or {{question …}}.
func parseDirective(d string) (Block, error) {
	parts := strings.Split(d, "|")
	words := strings.Fields(parts[0])
	if len(words) < 2 {
		return Block{}, errors.New("a directive needs a kind and a name: {{view <name> …}} or {{question <metric> …}}")
	}
	base, err := parseFields(words[2:])
	if err != nil {
		return Block{}, err
	}
	switch words[0] {
	case "view":
		if len(parts) > 1 {
			return Block{}, errors.New("a view has no variants")
		}
		b := Block{Kind: BlockView, View: words[1]}
		for _, f := range base {
			if f.Key == "controls" {
				b.Controls = strings.Split(f.Value, ",")
			} else {
				b.Fields = append(b.Fields, f)
			}
		}
		return b, nil
	case "question":
		if len(parts) < 3 {
			return Block{}, errors.New("a question needs at least two variants after '|'")
		}
		b := Block{Kind: BlockQuestion, Metric: words[1], Fields: base}
		for _, p := range parts[1:] {
			v, err := parseFields(strings.Fields(p))
			if err != nil {
				return Block{}, err
			}
			b.Variants = append(b.Variants, v)
		}
		return b, nil
	}
	return Block{}, errors.New("unknown directive " + `"` + words[0] + `"`)
}

// parseFields reads key=value words.
func parseFields(words []string) ([]Field, error) {
	var out []Field
	for _, w := range words {
		k, v, ok := strings.Cut(w, "=")
		if !ok || k == "" {
			return nil, errors.New("want key=value, got " + `"` + w + `"`)
		}
		out = append(out, Field{k, v})
	}
	return out, nil
}

// VariantFields are the fields of variant i of question b: its base fields
// overridden by the variant's own (the base fields alone for i < 0).
func (b Block) VariantFields(i int) map[string]string {
	m := map[string]string{}
	for _, f := range b.Fields {
		m[f.Key] = f.Value
	}
	if i < 0 {
		return m
	}
	for _, f := range b.Variants[i] {
		m[f.Key] = f.Value
	}
	return m
}
