package distance

import (
	"errors"
	"fmt"
	"log/slog"
	"strconv"
)

// FromEnv builds the distance service from settings read through getenv:
//
//	MISHWAR_CIRCUITY                road distance over straight-line distance (default 1.35)
//	MISHWAR_SPEEDS                  24 comma-separated km/h values, hour 0 first (default CairoSpeeds)
//	MISHWAR_OSRM_URL                an OSRM server; when set it answers first, the estimator if it fails
//	MISHWAR_OSRM_DURATION_FACTOR    multiplies OSRM's durations, which know no traffic (default 1)
func FromEnv(getenv func(string) string, log *slog.Logger) (Service, error) {
	var errs []error
	est := NewEstimator()
	if v := getenv("MISHWAR_CIRCUITY"); v != "" {
		f, err := strconv.ParseFloat(v, 64)
		if err != nil {
			errs = append(errs, fmt.Errorf("MISHWAR_CIRCUITY: %w", err))
		}
		est.Circuity = f
	}
	if v := getenv("MISHWAR_SPEEDS"); v != "" {
		t, err := ParseSpeedTable(v)
		if err != nil {
			errs = append(errs, fmt.Errorf("MISHWAR_SPEEDS: %w", err))
		}
		est.Speeds = t
	}
	if err := est.Validate(); err != nil && len(errs) == 0 {
		errs = append(errs, err)
	}
	base := getenv("MISHWAR_OSRM_URL")
	if base == "" {
		if err := errors.Join(errs...); err != nil {
			return nil, err
		}
		return est, nil
	}
	osrm, err := NewOSRM(base)
	if err != nil {
		errs = append(errs, fmt.Errorf("MISHWAR_OSRM_URL: %w", err))
	} else if v := getenv("MISHWAR_OSRM_DURATION_FACTOR"); v != "" {
		if osrm.DurationFactor, err = strconv.ParseFloat(v, 64); err != nil || osrm.DurationFactor <= 0 {
			errs = append(errs, fmt.Errorf("MISHWAR_OSRM_DURATION_FACTOR: %q must be a positive number", v))
		}
	}
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	return Fallback{Primary: osrm, Secondary: est, Log: log}, nil
}
