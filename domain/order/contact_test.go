package order_test

import (
	"testing"

	"mishwar/domain/order"
)

// A page opened by a secret link shows the trip's details of its contact — names, group size,
// comments — and nothing that reaches the traveller.
func TestAContactsTripDetailsKeepTheGroupAndCommentsAndNoWayToReachTheTraveller(t *testing.T) {
	t.Parallel()
	c := order.Contact{FirstName: "Layla", LastName: "Hassan", Email: "layla@example.com", Phone: "+201001234567", Country: "EG",
		Comments: "Two children\nA pram", Travellers: 4}
	want := order.Contact{FirstName: "Layla", LastName: "Hassan", Comments: "Two children\nA pram", Travellers: 4}
	if got := c.TripDetails(); got != want {
		t.Fatalf("trip details %+v, want %+v", got, want)
	}
}
