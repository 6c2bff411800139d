package app

import (
	"errors"
	"fmt"
	"log/slog"

	"mishwar/adapters/distance"
	"mishwar/adapters/mail"
	"mishwar/adapters/payments"
	"mishwar/adapters/uploads"
	orderscmd "mishwar/commands/orders"
	"mishwar/httpapi/web"
	"mishwar/internal/config"
)

// Preflight checks every setting that needs no database, before serve opens one: a typo on the first
// run would otherwise be told only after the private PostgreSQL had been initialised, or not at all
// until a traveller's checkout. It reads what New reads (the payment provider and its credentials,
// mail, booking rules, distances, map tiles), in the variables' names, then that the uploads
// directory can be written.
func Preflight(cfg config.Config, getenv func(string) string, log *slog.Logger) error {
	var errs []error
	if _, err := orderscmd.SettingsFromEnv(getenv); err != nil {
		errs = append(errs, err)
	}
	pcfg, err := payments.ConfigFromEnv(getenv)
	if err == nil {
		err = pcfg.Validate()
	}
	if err != nil {
		errs = append(errs, err)
	}
	mcfg, err := mail.ConfigFromEnv(getenv, cfg.PublicURL)
	if err == nil && mcfg.SMTPURL != "" {
		_, err = mail.NewSMTPSender(mcfg.SMTPURL, mail.SMTPOptions{})
	}
	if err != nil {
		errs = append(errs, err)
	}
	if _, err := distance.FromEnv(getenv, log); err != nil {
		errs = append(errs, err)
	}
	if tiles := getenv("MISHWAR_MAP_TILES_URL"); tiles != "" {
		if _, err := web.CSPSource(tiles); err != nil {
			errs = append(errs, fmt.Errorf("MISHWAR_MAP_TILES_URL: %w", err))
		}
	}
	if err := errors.Join(errs...); err != nil {
		return err
	}
	// Last: it is the one check that may create something (the data and uploads directories).
	return uploads.CheckWritable(cfg.UploadsDir())
}
