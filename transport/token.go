package transport

import (
	"crypto/rand"
	"encoding/hex"
	"fmt"
)

// Token is a job's secret: 128 random bits every rank of the job knows
// and proves in its hello before any data moves (see Rendezvous). A
// process that does not know it can neither join the job nor read its
// data. The zero Token is the token of groups that have none (DialTCP).
type Token [16]byte

// NewToken draws a Token from crypto/rand.
func NewToken() (Token, error) {
	var t Token
	if _, err := rand.Read(t[:]); err != nil {
		return Token{}, fmt.Errorf("transport: drawing a job token: %w", err)
	}
	return t, nil
}

// String is the token as 32 lowercase hexadecimal digits, the form
// ParseToken reads.
func (t Token) String() string { return hex.EncodeToString(t[:]) }

// ParseToken reads the 32 hexadecimal digits of Token.String.
func ParseToken(s string) (Token, error) {
	var t Token
	b, err := hex.DecodeString(s)
	if err != nil || len(b) != len(t) {
		return Token{}, fmt.Errorf("want %d hexadecimal digits, got %d characters", 2*len(t), len(s))
	}
	copy(t[:], b)
	return t, nil
}
