// Resources for the database platform's management API and each project's GraphQL data API, served by the pulumi-resource-supabase plugin of the supabase-pulumi npm package.
package supabase
