package playground

import (
	"fmt"
	"strings"
	"testing"

	"github.com/ccplay/ccplay/public/lessons"
	"github.com/ccplay/ccplay/ui"
)

// lectureAnswers are the right answers of lecture 09's numbers as the
// lessons' questions show them (core computes them; ui/lessons_test.go
// holds them to the lecture too).
var lectureAnswers = map[string][]string{
	"ring":        {"14", "3.74 ms", "×1.75"},
	"tree":        {"4094", "22"},
	"hierarchy":   {"×9", "×8.06"},
	"parallelism": {"17.6 GB"},
}

// TestLessonsWalk walks every lesson in both languages as a student does:
// each question appears only after the one before is answered, each is
// answered (right in one language and wrong in the other, alternating),
// the feedback says right or wrong with the right value, the lecture's
// numbers are the right options, and the end offers the next lesson.
func TestLessonsWalk(t *testing.T) {
	base := server(t)
	p := browser(t, 1280, 900)
	for li, id := range ui.LessonIDs {
		for side, lang := range []string{"zh", "en"} {
			qs := lessonQuestions(t, id, lang)
			p.open(base + "/?lesson=" + id + "&lang=" + lang)
			p.waitJS("lesson "+id, fmt.Sprintf(`!!document.getElementById("lesson-%s") && !!document.querySelector("#quiz-0 button")`, id))
			for q := 0; ; q++ {
				quiz := fmt.Sprintf("quiz-%d", q)
				if !eval[bool](p, fmt.Sprintf(`!!document.getElementById(%q)`, quiz)) {
					if q < 2 {
						t.Fatalf("%s/%s: only %d questions", id, lang, q)
					}
					break
				}
				if eval[bool](p, fmt.Sprintf(`!!document.getElementById("quiz-%d")`, q+1)) {
					t.Fatalf("%s/%s: question %d shown before question %d is answered", id, lang, q+1, q)
				}
				p.waitAnswerable(q)
				a := ui.AnswerOf(qs[q])
				right := a.Labels[0]
				if want := lectureAnswers[id]; q < len(want) && lang == "en" && right != want[q] {
					t.Errorf("%s question %d: the right answer is %q, want the lecture's %q", id, q, right, want[q])
				}
				wantRight := (q+side+li)%2 == 0
				var picked string
				if qs[q].Tol > 0 {
					picked = a.Labels[1]
					if wantRight {
						picked = right
					}
					p.typeEnter(fmt.Sprintf("qin-%d", q), picked)
				} else {
					pick := fmt.Sprintf("q%d-0", q)
					if !wantRight {
						pick = eval[string](p, fmt.Sprintf(`[...document.querySelectorAll("#%s .opt")].map(b=>b.id).find(i=>i!=="q%d-0")`, quiz, q))
					}
					picked = p.text(pick)
					p.click(pick)
				}
				p.waitJS("feedback "+quiz, fmt.Sprintf(`!!document.querySelector("#%s .fb")`, quiz))
				cls := eval[string](p, fmt.Sprintf(`document.querySelector("#%s .fb").className`, quiz))
				fb := eval[string](p, fmt.Sprintf(`document.querySelector("#%s .fb").textContent`, quiz))
				if wantRight != strings.Contains(cls, "right") || !strings.Contains(fb, right) || !strings.Contains(fb, picked) {
					t.Errorf("%s/%s question %d (picked %q, right %q): feedback %q class %q", id, lang, q, picked, right, fb, cls)
				}
				if strings.Contains(fb, "{") {
					t.Errorf("%s/%s question %d: unfilled value in %q", id, lang, q, fb)
				}
			}
			p.waitJS("lesson end", `!!document.getElementById("lesson-end")`)
			if id != ui.LessonIDs[len(ui.LessonIDs)-1] && !eval[bool](p, `!!document.getElementById("lesson-next")`) {
				t.Errorf("%s/%s: no next lesson at the end", id, lang)
			}
			p.waitJS("the answers in the URL", `location.search.includes("ans=")`)
		}
	}
	p.noConsoleErrors()
}

// TestLessonsLanding: a first visit to the bare address lands on the
// lessons' index; a return visit, and an address with a view, go to the
// tools; the index opens a lesson in one click.
func TestLessonsLanding(t *testing.T) {
	base := server(t)
	p := browser(t, 390, 844)
	p.open(base + "/")
	p.waitJS("index", `!!document.getElementById("lesson-index")`)
	p.click("open-ring")
	p.waitJS("ring lesson", `!!document.getElementById("lesson-ring") && !!document.getElementById("quiz-0")`)
	p.open(base + "/")
	if eval[bool](p, `!!document.getElementById("lesson-index")`) {
		t.Error("a returning visitor lands on the lessons' index, not the tools")
	}
	p.open(base + "/?view=steps")
	if eval[bool](p, `!!document.getElementById("view-lessons")`) {
		t.Error("an address with a view opens the lessons")
	}
}

// TestLessonEmbed: ?embed=lesson&lesson=ring inside a course page posts its
// height as the views do.
func TestLessonEmbed(t *testing.T) {
	base := server(t)
	p := browser(t, 1000, 800)
	p.do("open course page", navigate(base+"/course.html?width=700&src="+urlEscape("/?embed=lesson&lesson=ring&lang=zh")))
	p.waitJS("resize message", `window.resizes.length > 0 && window.resizes[window.resizes.length-1] > 300`)
	if got := eval[string](p, `document.getElementById("ccplay").contentDocument.body.textContent`); !strings.Contains(got, "第 3 课") {
		t.Errorf("the embedded lesson is missing: %.200q", got)
	}
}

// TestStepsCaptions: the step-through says what each round does and ends
// with done ✓.
func TestStepsCaptions(t *testing.T) {
	base := server(t)
	p := browser(t, 1280, 900)
	p.open(base + "/?view=steps&collective=allreduce&algorithm=ring&ranks=5&size=20B&lang=en")
	p.click("a-step")
	p.waitJS("caption", `document.getElementById("a-caption").textContent.includes("every rank i sends chunk (i − 1) mod 5 to rank i + 1, which adds it")`)
	if !eval[bool](p, `!!document.querySelector("#a-grid .chg") && !!document.querySelector("#view-steps .tok")`) {
		t.Errorf("no changed cell or moving chunk after the first round: %s", eval[string](p, `document.getElementById("view-steps").innerHTML.slice(0, 3000)`))
	}
	for i := 0; i < 7; i++ {
		p.click("a-step")
	}
	p.waitJS("done", `(document.getElementById("a-done")||{textContent:""}).textContent.startsWith("Done ✓")`)
	p.noConsoleErrors()
}

// TestLessonsNoAnswerEarly walks every lesson in both languages in the
// browser: before each question it reads the page above the question as
// the browser holds it (views, charts' SVG text, prose, earlier feedback),
// answers after reading, and checks that the question's answer — core's,
// read from the same lesson file — was nowhere above it however it is
// formatted (ui.MaskerFor finds "3.740 ms" for "3.74 ms"), and that after
// the answer the right option carries class right.
func TestLessonsNoAnswerEarly(t *testing.T) {
	base := server(t)
	p := browser(t, 1280, 900)
	for _, id := range ui.LessonIDs {
		for _, lang := range []string{"zh", "en"} {
			data, err := lessons.Read(id, lang)
			if err != nil {
				t.Fatal(err)
			}
			l, err := ui.ParseLesson(data)
			if err != nil {
				t.Fatal(err)
			}
			p.open(base + "/?lesson=" + id + "&lang=" + lang)
			p.waitJS("lesson "+id, fmt.Sprintf(`!!document.getElementById("lesson-%s") && !!document.querySelector("#quiz-0 button")`, id))
			q := 0
			for _, b := range l.Blocks {
				if b.Kind != ui.BlockQuestion {
					continue
				}
				quiz := fmt.Sprintf("quiz-%d", q)
				p.waitJS(quiz, fmt.Sprintf(`!!document.querySelector(".quiz#%s button")`, quiz))
				p.waitAnswerable(q)
				above := eval[string](p, fmt.Sprintf(`(() => { const a = document.querySelector("article.lesson"), r = document.createRange();
					r.setStart(a, 0); r.setEndBefore(document.getElementById(%q)); return r.toString(); })()`, quiz))
				a := ui.AnswerOf(b)
				if a.Err != nil {
					t.Fatalf("%s/%s %s: %v", id, lang, quiz, a.Err)
				}
				lab := a.Labels[0]
				if m := ui.MaskerOf(b, a); m.Text(above) != above {
					t.Errorf("%s/%s %s: the answer %s shows above the question", id, lang, quiz, lab)
				}
				if strings.Trim(lab, "0123456789") != "" && strings.Contains(above, " "+lab) {
					t.Errorf("%s/%s %s: %q shows above the question", id, lang, quiz, lab)
				}
				if b.Tol > 0 {
					p.typeEnter(fmt.Sprintf("qin-%d", q), lab)
				} else {
					p.click(fmt.Sprintf("q%d-0", q))
				}
				p.waitJS(quiz+" answered", fmt.Sprintf(`!!document.querySelector("#%s #q%d-0.right")`, quiz, q))
				if f := eval[string](p, `document.activeElement ? document.activeElement.id : ""`); f != quiz {
					t.Errorf("%s/%s %s: after the answer the focus is on %q, not the question", id, lang, quiz, f)
				}
				q++
			}
		}
	}
	p.noConsoleErrors()
}

// TestStreamsLesson: the streams lesson, embedded, steps its first view
// to the hang with the step button, which then disables; the verdict
// gives core's count of stuck streams (both streams of each of 4 GPUs).
func TestStreamsLesson(t *testing.T) {
	base := server(t)
	p := browser(t, 390, 844)
	p.open(base + "/?embed=lesson&lesson=streams&lang=en&ans=0")
	p.waitJS("streams view", `!!document.getElementById("st-next")`)
	for i := 0; i < 20 && !eval[bool](p, `document.getElementById("st-next").disabled`); i++ {
		p.click("st-next")
	}
	p.waitJS("verdict", `!!document.getElementById("st-verdict")`)
	if got := p.text("st-verdict"); !strings.Contains(got, "Hang: 8 streams") {
		t.Errorf("verdict %q", got)
	}
	p.noConsoleErrors()
}

// TestHotShareInAddress: the moe lesson's hot-expert view reads its share
// from the address, a share typed into it goes into the address, and one
// out of range is refused naming the field.
func TestHotShareInAddress(t *testing.T) {
	base := server(t)
	p := browser(t, 390, 844)
	p.open(base + "/?lesson=moe&lang=en&ans=00&hot=0.25")
	p.waitJS("hot view", `!!document.getElementById("hot-row")`)
	if got := eval[string](p, `document.getElementById("hot-share").value`); got != "0.25" {
		t.Errorf("the share field shows %q, want the address's 0.25", got)
	}
	if got := p.text("hot-row"); !strings.Contains(got, "16 MiB") {
		t.Errorf("send counts %q, want 16 MiB to GPU 0", got)
	}
	p.setField("hot-share", "1.5")
	p.waitJS("refused", `!document.getElementById("hot-row") && document.querySelector("#view-hot .err") !== null`)
	if got := eval[string](p, `document.querySelector("#view-hot .err").textContent`); !strings.Contains(got, "from 0 to 1") {
		t.Errorf("error %q", got)
	}
	p.waitJS("the address", `location.search.includes("hot=1.5")`)
	p.noConsoleErrors()
}

// lessonQuestions are lesson id's questions in lang, from its file.
func lessonQuestions(t *testing.T, id, lang string) []ui.Block {
	t.Helper()
	data, err := lessons.Read(id, lang)
	if err != nil {
		t.Fatal(err)
	}
	l, err := ui.ParseLesson(data)
	if err != nil {
		t.Fatal(err)
	}
	var qs []ui.Block
	for _, b := range l.Blocks {
		if b.Kind == ui.BlockQuestion {
			qs = append(qs, b)
		}
	}
	return qs
}

// waitAnswerable polls until question q of the lesson on the page takes an
// answer: its input or its first option is there (a question whose numbers
// the page is still computing shows neither).
func (p *page) waitAnswerable(q int) {
	p.t.Helper()
	p.waitJS(fmt.Sprintf("question %d answerable", q), fmt.Sprintf(`!!document.getElementById("qin-%d") || !!document.getElementById("q%d-0")`, q, q))
}
