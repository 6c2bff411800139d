package eventstore

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
)

// Metadata is stored as one flat JSON object: the known keys ("actor_id", "actor_role", "command_id",
// "correlation_id", "causation_id", "client_ip") beside the keys of Extra. Reading it back puts every
// key it does not know into Extra, so metadata written by other tools or by newer code survives a
// round trip. A key of Extra that has a known key's name is dropped on writing: the field wins.

var metadataKeys = []string{"actor_id", "actor_role", "command_id", "correlation_id", "causation_id", "client_ip"}

func (m *Metadata) field(key string) *string {
	switch key {
	case "actor_id":
		return &m.ActorID
	case "actor_role":
		return &m.ActorRole
	case "command_id":
		return &m.CommandID
	case "correlation_id":
		return &m.CorrelationID
	case "causation_id":
		return &m.CausationID
	case "client_ip":
		return &m.ClientIP
	}
	return nil
}

// MarshalJSON writes the flat object described above, keys in a fixed order.
func (m Metadata) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	first := true
	put := func(k, v string) {
		if !first {
			b.WriteByte(',')
		}
		first = false
		writeJSONString(&b, k)
		b.WriteByte(':')
		writeJSONString(&b, v)
	}
	for _, k := range metadataKeys {
		if v := *m.field(k); v != "" {
			put(k, v)
		}
	}
	extra := make([]string, 0, len(m.Extra))
	for k := range m.Extra {
		if m.field(k) == nil {
			extra = append(extra, k)
		}
	}
	sort.Strings(extra)
	for _, k := range extra {
		put(k, m.Extra[k])
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// UnmarshalJSON reads a flat object. A value that is not a string is kept as its JSON text, so
// reading never fails on metadata someone else wrote.
func (m *Metadata) UnmarshalJSON(data []byte) error {
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		return fmt.Errorf("eventstore: metadata: %w", err)
	}
	*m = Metadata{}
	for k, v := range raw {
		s := jsonText(v)
		if f := m.field(k); f != nil {
			*f = s
			continue
		}
		if m.Extra == nil {
			m.Extra = make(map[string]string)
		}
		m.Extra[k] = s
	}
	return nil
}

func jsonText(v json.RawMessage) string {
	var s string
	if err := json.Unmarshal(v, &s); err == nil {
		return s
	}
	return string(v)
}

func writeJSONString(b *bytes.Buffer, s string) {
	enc, _ := json.Marshal(s) // a string always marshals
	b.Write(enc)
}
