"""The web app's Jinja2 templates and static files, installed as the package
`gardenkit_templates` so that both an editable and a regular install can find them."""
