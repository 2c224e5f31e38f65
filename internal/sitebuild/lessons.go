package main

import "github.com/ccplay/ccplay/ui"

// lessons are the lessons pre-rendered as lesson-<id>.html (the page of
// /?lesson=<id>): every lesson the playground has.
var lessons = ui.LessonIDs
