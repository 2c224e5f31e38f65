// Package question is the one layer between core and the faces. Each
// question kind — a cost, a table (an nccl-tests sweep), a schedule, a
// real run — is one call that takes the raw fields (name → text, as CLI
// flags, a URL query or the playground's controls give them) and returns
// either the answer with every input's value and source (field.Inputs), or
// every refused field at once (fielderr.List), each error a message by ID.
// The CLI, the HTTP API, the Worker and the playground all ask here, so one
// input gives one answer, or one set of errors, on every face.
package question
