package orders_test

import (
	"testing"

	"mishwar/internal/pgtest"
)

func TestMain(m *testing.M) { pgtest.Main(m) }
