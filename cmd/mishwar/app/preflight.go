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
// directory can be written. It logs, once, a warning for each risky choice it accepts.
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
	var smtp *mail.SMTPSender
	mcfg, err := mail.ConfigFromEnv(getenv, cfg.PublicURL)
	if err == nil && mcfg.SMTPURL != "" {
		smtp, err = mail.NewSMTPSender(mcfg.SMTPURL, mail.SMTPOptions{})
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
	if err := uploads.CheckWritable(cfg.UploadsDir()); err != nil {
		return err
	}

	// Accepted, and said once: each is a risk the operator should know they took.
	if smtp != nil && smtp.SendsCredentialsInTheClear() {
		log.Warn("MISHWAR_SMTP_URL has credentials and tls=none: the SMTP user name and password cross the network unencrypted (use it only for a relay on this machine or a private network)",
			"smtp", smtp.String())
	}
	if !cfg.Demo && mcfg.SMTPURL == "" {
		log.Warn("MISHWAR_DEMO=0 without MISHWAR_SMTP_URL: no mail leaves Mishwar, it is only kept in the admin mailbox (/admin/mailbox); travellers get no confirmations and cannot reset a password")
	}
	if !cfg.Demo && pcfg.Provider == "sandbox" {
		log.Warn("MISHWAR_DEMO=0 with MISHWAR_PAYMENTS=sandbox: trips are confirmed as paid with test cards and no money is taken; set MISHWAR_PAYMENTS=paymob or stripe for real payments")
	}
	return nil
}
