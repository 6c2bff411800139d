package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"text/tabwriter"
	"time"

	"mishwar/cmd/mishwar/app"
	"mishwar/internal/config"
	"mishwar/projections"
)

func projectionsCommand(ctx context.Context, cfg config.Config, log *slog.Logger, args []string, stdout io.Writer) error {
	if len(args) == 0 {
		return usageError("projections: expected 'status' or 'rebuild NAME|--all'")
	}
	a, closeAll, err := openApp(ctx, cfg, log)
	if err != nil {
		return err
	}
	defer closeAll()
	switch args[0] {
	case "status":
		st, err := projections.Status(ctx, a.Pool, a.Store)
		if err != nil {
			return err
		}
		tw := tabwriter.NewWriter(stdout, 2, 4, 2, ' ', 0)
		fmt.Fprintln(tw, "PROJECTION\tKIND\tPOSITION\tPROCESSED\tLAG (EVENTS)\tLAG (TIME)\tLAST ERROR")
		for _, s := range st {
			// Only read models are rebuilt; a process manager's effects happen once.
			kind := "read model"
			if a.IsProcess(s.Name) {
				kind = "process"
			}
			lastErr := "-"
			if s.LastError != "" {
				lastErr = s.LastError
			}
			fmt.Fprintf(tw, "%s\t%s\t%s\t%d\t%d\t%s\t%s\n", s.Name, kind, s.Position, s.EventsProcessed, s.LagEvents, time.Duration(s.LagSeconds*float64(time.Second)).Round(time.Millisecond), lastErr)
		}
		if err := tw.Flush(); err != nil {
			return err
		}
		return printJobs(ctx, a, stdout)
	case "rebuild":
		if len(args) != 2 {
			return usageError("projections rebuild: expected a projection name or --all")
		}
		var targets []projections.Projection
		var names []string
		for _, p := range a.ProjectionList() {
			names = append(names, p.Name())
			if args[1] == "--all" || args[1] == p.Name() {
				targets = append(targets, p)
			}
		}
		if len(targets) == 0 {
			if a.IsProcess(args[1]) {
				return usageError(fmt.Sprintf("projections rebuild: %s is a process manager, not a read model: it is never rebuilt (replaying it would repeat its e-mails, payments and jobs)", args[1]))
			}
			return usageError(fmt.Sprintf("projections rebuild: no projection %q (have: %s)", args[1], strings.Join(names, ", ")))
		}
		for _, p := range targets {
			start := time.Now()
			var last time.Time
			err := projections.Rebuild(ctx, a.Pool, a.Store, p, func(pr projections.RebuildProgress) {
				if time.Since(last) < 200*time.Millisecond && pr.Events < pr.Total {
					return
				}
				last = time.Now()
				fmt.Fprintf(stdout, "\r%-20s %6.1f%%  %d/%d events  %.0f events/s   ", p.Name(), pr.Percent, pr.Events, pr.Total, pr.EventsPerSecond)
			})
			if err != nil {
				fmt.Fprintln(stdout)
				return fmt.Errorf("rebuild %s: %w", p.Name(), err)
			}
			fmt.Fprintf(stdout, "\n%s rebuilt in %s\n", p.Name(), time.Since(start).Round(time.Millisecond))
		}
		return nil
	default:
		return usageError(fmt.Sprintf("projections: unknown subcommand %q", args[0]))
	}
}

// printJobs adds the process managers' queue to the status: how much waits, and every stuck job.
func printJobs(ctx context.Context, a *app.App, stdout io.Writer) error {
	q := a.JobQueue()
	c, err := q.Count(ctx)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "\nJOBS: %d pending, %d stuck, %d failed\n", c.Pending, c.Stuck, c.Failed)
	if c.Stuck == 0 && c.Failed == 0 {
		return nil
	}
	stuck, err := q.Stuck(ctx, 50)
	if err != nil {
		return err
	}
	tw := tabwriter.NewWriter(stdout, 2, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "JOB\tKIND\tSTATUS\tATTEMPTS\tSINCE\tLAST ERROR")
	for _, j := range stuck {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%d\t%s\t%s\n", j.ID, j.Kind, j.Status, j.Attempts, j.CreatedAt.UTC().Format(time.RFC3339), j.LastError)
	}
	return tw.Flush()
}
