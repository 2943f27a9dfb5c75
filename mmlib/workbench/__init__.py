"""The workbench: plots, widgets, tables and tree drawings that the notebooks show."""
