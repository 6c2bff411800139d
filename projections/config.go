package projections

import (
	"errors"
	"fmt"
	"log/slog"
	"time"
)

// Config tunes a Runner. The zero value of each field means its default.
type Config struct {
	// BatchSize is the most events handed to a projection's Apply at once. Default 500.
	BatchSize int
	// RetryInitialInterval is the wait before the first retry of a failed batch. Default 100ms.
	RetryInitialInterval time.Duration
	// RetryMaxInterval caps the exponential backoff between retries of a failed batch. Default 30s.
	RetryMaxInterval time.Duration
	// PollInterval is how often WaitFor re-reads a checkpoint from the database, for checkpoints
	// advanced by another process (in-process commits wake it at once). Default 100ms.
	PollInterval time.Duration
	// LeaseInterval is how often a standby process tries to take a projection's leader lease, and how
	// often the leader checks that it still holds it. Default 1s.
	LeaseInterval time.Duration
	// SkipSaveDelay is how long after a batch a projection does not read its checkpoint is saved
	// past it, once for all such batches meanwhile (see skipped.go). Default 50ms.
	SkipSaveDelay time.Duration
	// StepDownPause is how long a process that met an event its release cannot read leaves the
	// projection's lease to others (a newer release) before it tries to lead it again. Default
	// 5 × LeaseInterval.
	StepDownPause time.Duration
	// Logger receives the runner's logs. Default slog.Default().
	Logger *slog.Logger
}

const (
	defaultBatchSize            = 500
	defaultRetryInitialInterval = 100 * time.Millisecond
	defaultRetryMaxInterval     = 30 * time.Second
	defaultPollInterval         = 100 * time.Millisecond
	defaultLeaseInterval        = time.Second
	defaultSkipSaveDelay        = 50 * time.Millisecond
	maxBatchSize                = 100_000
)

func (c *Config) setDefaults() {
	if c.BatchSize == 0 {
		c.BatchSize = defaultBatchSize
	}
	if c.RetryInitialInterval == 0 {
		c.RetryInitialInterval = defaultRetryInitialInterval
	}
	if c.RetryMaxInterval == 0 {
		c.RetryMaxInterval = defaultRetryMaxInterval
	}
	if c.PollInterval == 0 {
		c.PollInterval = defaultPollInterval
	}
	if c.LeaseInterval == 0 {
		c.LeaseInterval = defaultLeaseInterval
	}
	if c.StepDownPause == 0 {
		c.StepDownPause = 5 * c.LeaseInterval
	}
	if c.SkipSaveDelay == 0 {
		c.SkipSaveDelay = defaultSkipSaveDelay
	}
	if c.Logger == nil {
		c.Logger = slog.Default()
	}
}

// ErrInvalidConfig is returned (wrapped) by Config.Validate.
var ErrInvalidConfig = errors.New("projections: invalid config")

// Validate reports every field out of range. Call it after defaults are applied (NewRunner does).
func (c Config) Validate() error {
	var errs []error
	if c.BatchSize < 1 || c.BatchSize > maxBatchSize {
		errs = append(errs, fmt.Errorf("BatchSize %d not in [1, %d]", c.BatchSize, maxBatchSize))
	}
	if c.RetryInitialInterval <= 0 {
		errs = append(errs, fmt.Errorf("RetryInitialInterval %s must be positive", c.RetryInitialInterval))
	}
	if c.RetryMaxInterval < c.RetryInitialInterval {
		errs = append(errs, fmt.Errorf("RetryMaxInterval %s is below RetryInitialInterval %s", c.RetryMaxInterval, c.RetryInitialInterval))
	}
	if c.PollInterval <= 0 {
		errs = append(errs, fmt.Errorf("PollInterval %s must be positive", c.PollInterval))
	}
	if c.LeaseInterval <= 0 {
		errs = append(errs, fmt.Errorf("LeaseInterval %s must be positive", c.LeaseInterval))
	}
	if c.StepDownPause <= 0 {
		errs = append(errs, fmt.Errorf("StepDownPause %s must be positive", c.StepDownPause))
	}
	if c.SkipSaveDelay <= 0 {
		errs = append(errs, fmt.Errorf("SkipSaveDelay %s must be positive", c.SkipSaveDelay))
	}
	if len(errs) > 0 {
		return fmt.Errorf("%w: %w", ErrInvalidConfig, errors.Join(errs...))
	}
	return nil
}
