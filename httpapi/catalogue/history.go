package catalogue

import (
	"encoding/json"
	"time"

	appcat "mishwar/commands/catalogue"
)

type historyActor struct {
	ID    string `json:"id"`
	Role  string `json:"role"`
	Name  string `json:"name"`
	Email string `json:"email,omitempty"`
}

type fieldChange struct {
	Field string          `json:"field"`
	From  json.RawMessage `json:"from"`
	To    json.RawMessage `json:"to"`
}

type historyEntry struct {
	Version int64         `json:"version"`
	Action  string        `json:"action"`
	Event   string        `json:"event"`
	At      time.Time     `json:"at"`
	Actor   historyActor  `json:"actor"`
	Changes []fieldChange `json:"changes"`
}

func rawJSON(v any) json.RawMessage {
	b, err := json.Marshal(v)
	if err != nil {
		return json.RawMessage("null")
	}
	return b
}

func historyJSON(entries []appcat.HistoryEntry) map[string]any {
	out := make([]historyEntry, 0, len(entries))
	for _, e := range entries {
		changes := make([]fieldChange, 0, len(e.Changes))
		for _, c := range e.Changes {
			changes = append(changes, fieldChange{Field: c.Field, From: rawJSON(c.From), To: rawJSON(c.To)})
		}
		out = append(out, historyEntry{Version: e.Version, Action: e.Action, Event: e.Event, At: e.At,
			Actor:   historyActor{ID: e.Actor.ID, Role: e.Actor.Role, Name: e.Actor.Name, Email: e.Actor.Email},
			Changes: changes})
	}
	return map[string]any{"data": out}
}
