package processes_test

import (
	"errors"
	"fmt"
	"testing"

	"github.com/google/uuid"

	"mishwar/processes"
)

func TestJobIDsAreDerivedFromTheEventAndTheKind(t *testing.T) {
	ev := uuid.New()
	again, _ := uuid.Parse(ev.String()) // the same event, seen again after a restart
	if processes.JobID(ev, "a") != processes.JobID(again, "a") {
		t.Fatal("the same event and kind gave two ids")
	}
	if processes.JobID(ev, "a") == processes.JobID(ev, "b") || processes.JobID(ev, "a") == processes.JobID(uuid.New(), "a") {
		t.Fatal("distinct effects share an id")
	}
}

func TestAPermanentErrorIsRecognisedThroughWrapping(t *testing.T) {
	cause := errors.New("the provider refused the refund")
	err := fmt.Errorf("orders: refund: %w", processes.Permanent(cause))
	if !processes.IsPermanent(err) || !errors.Is(err, cause) {
		t.Fatalf("wrapped permanent error lost its mark or cause: %v", err)
	}
	var marked interface{ Permanent() bool }
	if !errors.As(err, &marked) || !marked.Permanent() {
		t.Fatal("the job queue's test for the mark fails")
	}
	if processes.IsPermanent(cause) || processes.Permanent(nil) != nil {
		t.Fatal("an unmarked error counts as permanent")
	}
}
