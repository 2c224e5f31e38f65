package main

// lessons are the lessons pre-rendered as lesson-<id>.html (the page of
// /?lesson=<id>); a lesson is one more id here.
var lessons []string
