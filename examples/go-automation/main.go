// Command go-automation runs a stack of this package's resources from Go,
// with the generated Go SDK (sdks/go) and the Automation API: the program is
// an inline Go function, so no Go language host is needed, only the pulumi
// CLI and the provider plugin pulumi-resource-supabase on PATH.
//
//	go-automation -engine ROOT -dir DIR up|preview|refresh|destroy
//
// ROOT holds bin/pulumi (the engine from scripts/ensure-engine.sh); DIR holds
// the workspace. The backend and passphrase come from the environment
// (PULUMI_BACKEND_URL, PULUMI_CONFIG_PASSPHRASE), the service's endpoint and
// token from SUPABASE_ACCESS_TOKEN, SUPABASE_API_URL and
// SUPABASE_PROJECT_URL_TEMPLATE (stored in the stack's config, the token as
// a secret), the database password from DB_PASS and the edge-function secret
// from API_TOKEN (both secrets). Each command prints one JSON line on stdout.
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"

	"github.com/pulumi/pulumi/sdk/v3/go/auto"
	"github.com/pulumi/pulumi/sdk/v3/go/auto/optdestroy"
	"github.com/pulumi/pulumi/sdk/v3/go/auto/optpreview"
	"github.com/pulumi/pulumi/sdk/v3/go/auto/optrefresh"
	"github.com/pulumi/pulumi/sdk/v3/go/auto/optup"
	"github.com/pulumi/pulumi/sdk/v3/go/common/workspace"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi/config"

	"supabase-pulumi/sdks/go/supabase"
)

const projectName = "go-automation"

// program declares an organization, a project in it and an edge-function secret.
func program(ctx *pulumi.Context) error {
	cfg := config.New(ctx, "")
	org, err := supabase.NewOrganization(ctx, "org", &supabase.OrganizationArgs{Name: pulumi.String("Go Org")})
	if err != nil {
		return err
	}
	project, err := supabase.NewProject(ctx, "project", &supabase.ProjectArgs{
		Name:           pulumi.String("from-go"),
		OrganizationId: org.OrganizationId,
		Region:         supabase.Region_Eu_West_1,
		DbPass:         cfg.RequireSecret("dbPass"),
	})
	if err != nil {
		return err
	}
	secret, err := supabase.NewSecret(ctx, "api-token", &supabase.SecretArgs{
		ProjectRef: project.Ref,
		Name:       pulumi.String("API_TOKEN"),
		Value:      cfg.RequireSecret("apiToken"),
	})
	if err != nil {
		return err
	}
	ctx.Export("ref", project.Ref)
	ctx.Export("status", project.Status)
	ctx.Export("secretName", secret.Name)
	return nil
}

func main() {
	root := flag.String("engine", "", "engine root (holds bin/pulumi)")
	dir := flag.String("dir", "", "workspace directory")
	stackName := flag.String("stack", "dev", "stack name")
	flag.Parse()
	if *root == "" || *dir == "" || flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: go-automation -engine ROOT -dir DIR [-stack NAME] up|preview|refresh|destroy")
		os.Exit(2)
	}
	out, err := run(context.Background(), *root, *dir, *stackName, flag.Arg(0))
	if err != nil {
		fmt.Fprintf(os.Stderr, "go-automation: %v\n", err)
		os.Exit(1)
	}
	_ = json.NewEncoder(os.Stdout).Encode(out)
}

func run(ctx context.Context, root, dir, stackName, command string) (any, error) {
	pulumiCmd, err := auto.NewPulumiCommand(&auto.PulumiCommandOptions{Root: root})
	if err != nil {
		return nil, err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	project := workspace.Project{Name: projectName, Runtime: workspace.NewProjectRuntimeInfo("go", nil)}
	if url := os.Getenv("PULUMI_BACKEND_URL"); url != "" {
		project.Backend = &workspace.ProjectBackend{URL: url}
	}
	stack, err := auto.UpsertStackInlineSource(ctx, stackName, projectName, program,
		auto.Pulumi(pulumiCmd), auto.WorkDir(dir), auto.Project(project), auto.SecretsProvider("passphrase"))
	if err != nil {
		return nil, err
	}
	if err := stack.SetAllConfig(ctx, auto.ConfigMap{
		"supabase:accessToken":        {Value: os.Getenv("SUPABASE_ACCESS_TOKEN"), Secret: true},
		"supabase:apiUrl":             {Value: os.Getenv("SUPABASE_API_URL")},
		"supabase:projectUrlTemplate": {Value: os.Getenv("SUPABASE_PROJECT_URL_TEMPLATE")},
		"dbPass":                      {Value: os.Getenv("DB_PASS"), Secret: true},
		"apiToken":                    {Value: os.Getenv("API_TOKEN"), Secret: true},
	}); err != nil {
		return nil, err
	}
	switch command {
	case "up":
		res, err := stack.Up(ctx, optup.ErrorProgressStreams(os.Stderr))
		if err != nil {
			return nil, err
		}
		outputs := map[string]any{}
		for k, v := range res.Outputs {
			if v.Secret {
				outputs[k] = "[secret]"
			} else {
				outputs[k] = v.Value
			}
		}
		return map[string]any{"result": res.Summary.Result, "changes": res.Summary.ResourceChanges, "outputs": outputs}, nil
	case "preview":
		res, err := stack.Preview(ctx, optpreview.ExpectNoChanges(), optpreview.ErrorProgressStreams(os.Stderr))
		if err != nil {
			return nil, err
		}
		return map[string]any{"changes": res.ChangeSummary}, nil
	case "refresh":
		res, err := stack.Refresh(ctx, optrefresh.ExpectNoChanges(), optrefresh.ErrorProgressStreams(os.Stderr))
		if err != nil {
			return nil, err
		}
		return map[string]any{"result": res.Summary.Result, "changes": res.Summary.ResourceChanges}, nil
	case "destroy":
		res, err := stack.Destroy(ctx, optdestroy.ErrorProgressStreams(os.Stderr))
		if err != nil {
			return nil, err
		}
		return map[string]any{"result": res.Summary.Result, "changes": res.Summary.ResourceChanges}, nil
	}
	return nil, fmt.Errorf("unknown command %q", command)
}
