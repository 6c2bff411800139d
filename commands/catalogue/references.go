package catalogue

import (
	"context"
	"errors"
	"fmt"

	"github.com/google/uuid"

	"mishwar/domain"
	cat "mishwar/domain/catalogue"
	catrm "mishwar/projections/catalogue"
)

// References is the part of the read model that says whether an entity another one points at exists
// and is live. The deciders cannot know (they see one stream); the read model can, and an admin form
// pointing at an archived category is a mistake worth a field error.
type References interface {
	Category(ctx context.Context, id uuid.UUID) (catrm.Category, error)
	Destinations(ctx context.Context, ids []uuid.UUID) ([]catrm.Destination, error)
	Program(ctx context.Context, id uuid.UUID) (catrm.Program, error)
	RatePlan(ctx context.Context, id uuid.UUID) (catrm.RatePlan, error)
	PickupPoint(ctx context.Context, id uuid.UUID) (catrm.PickupPoint, error)
}

type references struct{ rm References }

func (r references) destination(ctx context.Context, f cat.DestinationFields) error {
	var ve domain.ValidationError
	if f.CategoryID != uuid.Nil {
		c, err := r.rm.Category(ctx, f.CategoryID)
		if errors.Is(err, cat.ErrCategoryNotFound) || (err == nil && c.Archived) {
			ve.Add("category_id", "catalogue.unknown_category")
		} else if err != nil {
			return err
		}
	}
	return ve.Err()
}

func (r references) program(ctx context.Context, f cat.ProgramFields) error {
	var ve domain.ValidationError
	found, err := r.rm.Destinations(ctx, f.DestinationIDs)
	if err != nil {
		return err
	}
	live := map[uuid.UUID]bool{}
	for _, d := range found {
		live[d.ID] = !d.Archived
	}
	for i, id := range f.DestinationIDs {
		if id != uuid.Nil && !live[id] {
			ve.Add(fmt.Sprintf("destination_ids.%d", i), "catalogue.unknown_destination")
		}
	}
	return ve.Err()
}

func (r references) offer(ctx context.Context, f cat.OfferFields) error {
	var ve domain.ValidationError
	for i, id := range f.ProgramIDs {
		if err := r.liveProgram(ctx, id); errors.Is(err, errDeadReference) {
			ve.Add(fmt.Sprintf("program_ids.%d", i), "catalogue.unknown_program")
		} else if err != nil {
			return err
		}
	}
	for i, id := range f.RatePlanIDs {
		if p, err := r.rm.RatePlan(ctx, id); err != nil || p.Archived {
			if err != nil && !errors.Is(err, cat.ErrRatePlanNotFound) {
				return err
			}
			ve.Add(fmt.Sprintf("rate_plan_ids.%d", i), "catalogue.unknown_rate_plan")
		}
	}
	return ve.Err()
}

// errDeadReference: the entity pointed at does not exist or is archived.
var errDeadReference = errors.New("catalogue: reference to a missing or archived entity")

func (r references) liveProgram(ctx context.Context, id uuid.UUID) error {
	p, err := r.rm.Program(ctx, id)
	if errors.Is(err, cat.ErrProgramNotFound) || (err == nil && p.Archived) {
		return errDeadReference
	}
	return err
}

// usablePickupPoint: a default pickup point must exist, be active and not archived.
func (r references) usablePickupPoint(ctx context.Context, id uuid.UUID) error {
	p, err := r.rm.PickupPoint(ctx, id)
	if err != nil && !errors.Is(err, cat.ErrPickupPointNotFound) {
		return err
	}
	if err != nil || p.Archived || !p.Active {
		return errDeadReference
	}
	return nil
}

// validator reports every broken rule at once: the fields' own rules and the references to other
// entities, so the form can mark all of them in one round trip.
type validator[F cat.Fields[F]] struct {
	check func(ctx context.Context, f F) error
}

func (v validator[F]) validate(ctx context.Context, f F) error {
	f = f.Normalized()
	var all domain.ValidationError
	merge := func(err error) error {
		var ve *domain.ValidationError
		if errors.As(err, &ve) {
			for field, keys := range ve.Fields {
				for _, key := range keys {
					all.Add(field, key)
				}
			}
			return nil
		}
		return err
	}
	if err := merge(f.Validate()); err != nil {
		return err
	}
	if v.check != nil {
		if err := merge(v.check(ctx, f)); err != nil {
			return err
		}
	}
	return all.Err()
}
