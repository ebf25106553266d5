// Command supabase-codegen writes the Go and Python SDKs of the package from its
// Pulumi package schema, with Pulumi's own code generators (the engine's Go
// module, the same version as the engine we build).
//
//	supabase-codegen -schema schema.json -out sdks
//
// writes out/go (a Go module: go.mod and the package directory) and
// out/python (a pip-installable package). The schema is bound and validated
// first; every diagnostic is printed, and any error stops the run before a
// file is written.
//
// .NET: the C# generator is not part of this module in this engine version (it
// moved to the .NET language host's repository), so it is not generated here.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/blang/semver"
	gogen "github.com/pulumi/pulumi/pkg/v3/codegen/go"
	pygen "github.com/pulumi/pulumi/pkg/v3/codegen/python"
	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"
)

// tool names the generator in the header of every generated file.
const tool = "supabase-pulumi"

// pulumiSdkVersion is the Go Pulumi SDK the generated module requires: the
// engine's own version.
const pulumiSdkVersion = "v3.248.0"

// noExternalPackages is the schema loader: the package references no other
// package, so any lookup is an error.
type noExternalPackages struct{}

func (noExternalPackages) err(name string) error {
	return fmt.Errorf("the schema references package %q; it may reference none", name)
}

func (l noExternalPackages) LoadPackage(pkg string, _ *semver.Version) (*schema.Package, error) {
	return nil, l.err(pkg)
}

func (l noExternalPackages) LoadPackageV2(_ context.Context, d *schema.PackageDescriptor) (*schema.Package, error) {
	return nil, l.err(d.Name)
}

func (l noExternalPackages) LoadPackageReference(pkg string, _ *semver.Version) (schema.PackageReference, error) {
	return nil, l.err(pkg)
}

func (l noExternalPackages) LoadPackageReferenceV2(
	_ context.Context, d *schema.PackageDescriptor,
) (schema.PackageReference, error) {
	return nil, l.err(d.Name)
}

func main() {
	schemaPath := flag.String("schema", "", "the package schema (JSON)")
	out := flag.String("out", "", "output directory (its go/ and python/ are replaced)")
	goModule := flag.String("go-module", "supabase-pulumi/sdks/go", "module path of the generated Go SDK")
	flag.Parse()
	if *schemaPath == "" || *out == "" {
		fmt.Fprintln(os.Stderr, "usage: supabase-codegen -schema FILE -out DIR [-go-module PATH]")
		os.Exit(2)
	}
	if err := run(*schemaPath, *out, *goModule); err != nil {
		fmt.Fprintf(os.Stderr, "supabase-codegen: %v\n", err)
		os.Exit(1)
	}
}

func run(schemaPath, out, goModule string) error {
	raw, err := os.ReadFile(schemaPath)
	if err != nil {
		return err
	}
	var spec schema.PackageSpec
	if err := json.Unmarshal(raw, &spec); err != nil {
		return fmt.Errorf("%s: %w", schemaPath, err)
	}
	if err := setLanguageDefaults(&spec, goModule); err != nil {
		return err
	}
	pkg, diags, err := schema.BindSpec(spec, noExternalPackages{}, schema.ValidationOptions{})
	if err != nil {
		return fmt.Errorf("binding %s: %w", schemaPath, err)
	}
	for _, d := range diags {
		fmt.Fprintf(os.Stderr, "%s: %s\n", schemaPath, d.Error())
	}
	if diags.HasErrors() {
		return fmt.Errorf("the schema %s has %d error(s)", schemaPath, len(diags.Errs()))
	}

	goFiles, err := gogen.GeneratePackage(tool, pkg, nil)
	if err != nil {
		return fmt.Errorf("Go SDK: %w", err)
	}
	if _, ok := goFiles["go.mod"]; !ok {
		goFiles["go.mod"] = []byte(fmt.Sprintf("module %s\n\ngo 1.25\n\nrequire github.com/pulumi/pulumi/sdk/v3 %s\n",
			goModule, pulumiSdkVersion))
	}
	pyFiles, err := pygen.GeneratePackage(tool, pkg, nil, noExternalPackages{})
	if err != nil {
		return fmt.Errorf("Python SDK: %w", err)
	}
	if err := writeTree(filepath.Join(out, "go"), goFiles); err != nil {
		return err
	}
	return writeTree(filepath.Join(out, "python"), pyFiles)
}

// setLanguageDefaults fills the per-language settings the schema leaves out:
// the Go import path (under goModule) and a pyproject.toml for Python; both
// take the schema's version where it has one.
func setLanguageDefaults(spec *schema.PackageSpec, goModule string) error {
	if spec.Language == nil {
		spec.Language = map[string]schema.RawMessage{}
	}
	withDefaults := func(lang string, defaults map[string]any) error {
		merged := map[string]any{}
		if cur, ok := spec.Language[lang]; ok {
			if err := json.Unmarshal(cur, &merged); err != nil {
				return fmt.Errorf("language.%s: %w", lang, err)
			}
		}
		for k, v := range defaults {
			if _, set := merged[k]; !set {
				merged[k] = v
			}
		}
		b, err := json.Marshal(merged)
		spec.Language[lang] = b
		return err
	}
	name := spec.Name
	if name == "" {
		return errors.New("the schema has no package name")
	}
	respect := spec.Version != ""
	if err := withDefaults("go", map[string]any{
		"importBasePath":       goModule + "/" + name,
		"respectSchemaVersion": respect,
	}); err != nil {
		return err
	}
	return withDefaults("python", map[string]any{
		"pyproject":            map[string]any{"enabled": true},
		"respectSchemaVersion": respect,
	})
}

// writeTree replaces dir with exactly the given files (so a removed resource
// leaves no stale file behind).
func writeTree(dir string, files map[string][]byte) error {
	if err := os.RemoveAll(dir); err != nil {
		return err
	}
	names := make([]string, 0, len(files))
	for name := range files {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		if strings.Contains(name, "..") {
			return fmt.Errorf("refusing to write %q outside %s", name, dir)
		}
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(p, files[name], 0o644); err != nil {
			return err
		}
	}
	return nil
}
